import { PASSWORD_MIN_LENGTH, type TEmployee } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { type Errors, InfoGrid, Section } from '@/components/employee/fields';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { type ApiError, api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { toast } from '@/lib/toast-store';

/** The employee's sign-in account: shown when linked, else a form to create one. */
export function AccountPanel({ employee, canAdd }: { employee: TEmployee; canAdd: boolean }) {
  const queryClient = useQueryClient();
  const [userName, setUserName] = useState(employee.employeeCode.toLowerCase());
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
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
  const create = async () => {
    try {
      await api.post(
        apiPath('/api/employees/:id/user-account', { id: employee.id }),
        { userName, password },
        { onError: (e: ApiError) => setErrors(e.fieldErrors) },
      );
      toast({ variant: 'success', title: 'Account created', description: `${employee.name} can sign in as ${userName}` });
      await queryClient.invalidateQueries({ queryKey: ['employees', 'one', employee.id] });
    } catch {
      // toast shown
    }
  };
  return (
    <Section title="Sign-in account" description="Creates a user with the Employee role linked to this record.">
      <FormField label="User name" error={errors.userName} required>
        <Input value={userName} onChange={(e) => setUserName(e.target.value)} data-testid="account-username" />
      </FormField>
      <FormField
        label="Initial password"
        error={errors.password}
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, not a common password and not the user name.`}
      >
        <Input type="password" value={password} onChange={(e) => setPassword(e.target.value)} data-testid="account-password" />
      </FormField>
      <div className="flex items-end">
        <Button
          disabled={!canAdd || userName.length < 3 || password.length < PASSWORD_MIN_LENGTH}
          onClick={() => void create()}
          data-testid="create-account"
        >
          <KeyRound /> Create account
        </Button>
      </div>
    </Section>
  );
}
