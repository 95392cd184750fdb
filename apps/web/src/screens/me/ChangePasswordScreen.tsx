import { passwordProblem } from '@hr/contract';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { type ApiError, api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { useSession } from '@/lib/session';
import { useAction } from '@/lib/useAction';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type FieldErrors = Partial<Record<Field, string>>;

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
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // `silent`: the form itself shows why the server refused (the current password, the policy).
  const change = useAction(
    (body: { currentPassword: string; newPassword: string }) => api.post(apiPath('/api/auth/password'), body, { silent: true }),
    {
      success: 'Password changed',
      onDone: () => {
        setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
        setDone(true);
      },
      onError: (err) => {
        const fe = (err as ApiError).body?.fieldErrors;
        if (fe) setErrors({ currentPassword: fe.currentPassword?.[0], newPassword: fe.newPassword?.[0] });
        setFormError((err as ApiError).message);
      },
    },
  );
  const busy = change.busy;

  useEffect(() => {
    document.title = 'Change password';
    // The strength estimator's dictionaries are large: loaded here, not with the app. Until they are, the length
    // and the like are checked here and the server judges the strength.
    void import('@hr/contract/password-strength').then((m) => m.installPasswordStrength()).catch(() => undefined);
  }, []);

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    setDone(false);
    const errs: FieldErrors = {};
    if (!values.currentPassword) errs.currentPassword = 'Current password is required';
    // The built-in policy here; the server applies the installation's (it may ask for more).
    const who = { userName: account?.userName, fullName: account?.fullName, organisation: account?.organisation.name };
    const problem = values.newPassword ? passwordProblem(values.newPassword, who) : 'New password is required';
    if (problem) errs.newPassword = problem;
    if (!errs.newPassword && values.confirmPassword !== values.newPassword) errs.confirmPassword = 'The two new passwords differ';
    setErrors(errs);
    if (Object.keys(errs).length) return;
    await change.run({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  }

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
          <FormField key={field} label={label} htmlFor={field} error={errors[field]}>
            <Input
              id={field}
              type="password"
              autoComplete={autoComplete}
              value={values[field]}
              aria-invalid={!!errors[field]}
              onChange={set(field)}
            />
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
