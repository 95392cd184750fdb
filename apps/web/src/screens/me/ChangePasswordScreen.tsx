import { passwordProblem, type TChangePasswordRequest, ZChangePasswordRequest } from '@hr/contract';
import { KeyRound } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { type ApiError, api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { contractResolver, serverErrors } from '@/lib/form';
import { useSession } from '@/lib/session';
import { useAction } from '@/lib/useAction';

type TForm = TChangePasswordRequest & { confirmPassword: string };
type Field = keyof TForm;
const EMPTY: TForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The three password fields: name, label and the browser's autocomplete hint. */
const FIELDS: [Field, string, 'current-password' | 'new-password'][] = [
  ['currentPassword', 'Current password', 'current-password'],
  ['newPassword', 'New password', 'new-password'],
  ['confirmPassword', 'New password again', 'new-password'],
];

/**
 * Change password (/outlet/me/password, from the account menu): every signed-in user, no menu grant needed.
 * POST /api/auth/password checks the current password and the installation's policy; the user's other
 * sessions end, this one stays.
 */
export function ChangePasswordScreen() {
  const account = useSession((s) => s.acc_dtls);
  // The contract's request with the second entry; the built-in policy here, the server applies the installation's
  // (it may ask for more).
  const resolver = useMemo(() => {
    const who = { userName: account?.userName, fullName: account?.fullName, organisation: account?.organisation.name };
    return contractResolver<TForm>(
      ZChangePasswordRequest.extend({ confirmPassword: z.string() }).superRefine((v, ctx) => {
        const problem = v.newPassword ? passwordProblem(v.newPassword, who) : null;
        if (problem) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: problem });
        else if (v.newPassword && v.confirmPassword !== v.newPassword)
          ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'The two new passwords differ' });
      }),
    );
  }, [account]);
  const form = useForm<TForm>({ resolver, defaultValues: EMPTY });
  const errors = form.formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // `silent`: the form itself shows why the server refused (the current password, the policy).
  const change = useAction(
    (body: TChangePasswordRequest) =>
      api.post(apiPath('/api/auth/password'), body, { silent: true, onError: serverErrors(form, { fields: FIELDS.map((f) => f[0]) }) }),
    {
      success: 'Password changed',
      onDone: () => {
        form.reset(EMPTY);
        setDone(true);
      },
      onError: (err) => setFormError((err as ApiError).message),
    },
  );
  const busy = change.busy;

  useEffect(() => {
    document.title = 'Change password';
    // The strength estimator's dictionaries are large: loaded here, not with the app. Until they are, the length
    // and the like are checked here and the server judges the strength.
    void import('@hr/contract/password-strength').then((m) => m.installPasswordStrength()).catch(() => undefined);
  }, []);

  const onSubmit = form.handleSubmit(
    async (v) => {
      setFormError(null);
      setDone(false);
      await change.run({ currentPassword: v.currentPassword, newPassword: v.newPassword });
    },
    () => {
      setFormError(null);
      setDone(false);
    },
  );

  return (
    <div className="max-w-lg">
      <PageHeader title="Change password" description="Your other signed-in sessions (other browsers, the phone app) are signed out." />
      <form className="space-y-5" onSubmit={onSubmit} noValidate data-testid="change-password-form">
        {formError && (
          <Alert variant="destructive" data-testid="change-password-error">
            <AlertDescription>{formError}</AlertDescription>
          </Alert>
        )}
        {done && (
          <Alert data-testid="change-password-done">
            <AlertDescription>Your password is changed. Use it the next time you sign in.</AlertDescription>
          </Alert>
        )}
        {FIELDS.map(([field, label, autoComplete]) => (
          <FormField key={field} label={label} htmlFor={field} error={errors[field]?.message}>
            <Input id={field} type="password" autoComplete={autoComplete} aria-invalid={!!errors[field]} {...form.register(field)} />
          </FormField>
        ))}
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : <KeyRound />}
          Change password
        </Button>
      </form>
    </div>
  );
}

export default ChangePasswordScreen;
