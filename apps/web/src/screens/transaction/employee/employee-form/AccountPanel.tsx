import { PASSWORD_MIN_LENGTH, type TEmployee, ZCreateUserAccount } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { InfoGrid, Section } from '@/components/employee/fields';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { contractResolver, serverErrors } from '@/lib/form';
import { useAction } from '@/lib/useAction';

type TAccountForm = { userName: string; password: string };
type TAccountBody = { userName: string; password: string };

/** The form's fields as POST /api/employees/:id/user-account checks them (the role left to its default). */
const ACCOUNT_RESOLVER = contractResolver<TAccountForm, TAccountBody>(ZCreateUserAccount.pick({ userName: true, password: true }));

/**
 * The employee's sign-in account: shown when linked, else a form to create one. Its own form beside the employee
 * form (another route, saved on its own button).
 */
export function AccountPanel({ employee, canAdd }: { employee: TEmployee; canAdd: boolean }) {
  if (employee.userId) {
    return (
      <Section title="Sign-in account">
        <InfoGrid
          items={[
            ['User name', employee.userName],
            ['Linked', 'Yes: this employee signs in to see their own records'],
          ]}
        />
      </Section>
    );
  }
  return <AccountForm employee={employee} canAdd={canAdd} />;
}

function AccountForm({ employee, canAdd }: { employee: TEmployee; canAdd: boolean }) {
  const queryClient = useQueryClient();
  const form = useForm<TAccountForm, unknown, TAccountBody>({
    resolver: ACCOUNT_RESOLVER,
    defaultValues: { userName: employee.employeeCode.toLowerCase(), password: '' },
  });
  const errors = form.formState.errors;
  // On failure the toast and the inline errors say why.
  const create = useAction(
    (body: TAccountBody) =>
      api.post(apiPath('/api/employees/:id/user-account', { id: employee.id }), body, { onError: serverErrors(form) }),
    {
      success: (_, body) => ({ title: 'Account created', description: `${employee.name} can sign in as ${body.userName}` }),
      onDone: () => queryClient.invalidateQueries({ queryKey: ['employees', 'one', employee.id] }),
    },
  );
  const submit = form.handleSubmit(async (body) => {
    await create.run(body);
  });
  const userName = form.watch('userName');
  const password = form.watch('password');
  return (
    <Section title="Sign-in account" description="Creates a user with the Employee role linked to this record.">
      <FormField label="User name" error={errors.userName?.message} required>
        <Input aria-invalid={!!errors.userName || undefined} {...form.register('userName')} data-testid="account-username" />
      </FormField>
      <FormField
        label="Initial password"
        error={errors.password?.message}
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, not a common password and not the user name.`}
      >
        <Input
          type="password"
          aria-invalid={!!errors.password || undefined}
          {...form.register('password')}
          data-testid="account-password"
        />
      </FormField>
      <div className="flex items-end">
        <Button
          disabled={!canAdd || create.busy || userName.length < 3 || password.length < PASSWORD_MIN_LENGTH}
          onClick={() => void submit()}
          data-testid="create-account"
        >
          <KeyRound /> Create account
        </Button>
      </div>
      {errors.root?.message && <p className="text-sm text-destructive sm:col-span-2 lg:col-span-3">{errors.root.message}</p>}
    </Section>
  );
}
