import { zodResolver } from '@hookform/resolvers/zod';
import { type TSignInRequest, ZSignInRequest } from '@hr/contract/auth';
import { MENU } from '@hr/contract/menus';
import { Building2, CalendarCheck, Eye, EyeOff, IndianRupee, LogIn, ShieldCheck, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import type { ApiError } from '@/lib/api';
import { signIn } from '@/lib/auth';
import { serverErrors } from '@/lib/form';
import { getToken } from '@/lib/session';

export const PRODUCT_NAME = 'PeopleDesk';

export function SignInScreen() {
  const navigate = useNavigate();
  const form = useForm<TSignInRequest>({ resolver: zodResolver(ZSignInRequest), defaultValues: { userName: '', password: '' } });
  const fieldErrors = form.formState.errors;
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    document.title = `Sign in · ${PRODUCT_NAME}`;
  }, []);

  // Already signed in (token present): straight to the app; the layout re-checks the token with the server.
  if (getToken()) return <Navigate to={MENU.dashboard} replace />;

  const onSubmit = form.handleSubmit(
    async ({ userName, password }) => {
      setFormError(null);
      setBusy(true);
      const ok = await signIn(userName, password, (err: ApiError) => {
        serverErrors(form, { fields: ['userName', 'password'] })(err);
        setFormError(err.message);
      });
      setBusy(false);
      // The installed app (issue 29) opens on the staff's phone home; a browser tab on the dashboard.
      const installed = globalThis.matchMedia?.('(display-mode: standalone)').matches === true;
      if (ok) navigate(installed ? '/outlet/home' : MENU.dashboard, { replace: true });
    },
    () => setFormError(null),
  );

  return (
    <div className="grid min-h-svh lg:grid-cols-[1.05fr_1fr]">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-indigo-600 via-indigo-700 to-violet-800 p-10 text-white lg:flex lg:flex-col">
        <div className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-white/10 blur-3xl" />
        <div className="pointer-events-none absolute -bottom-32 -left-16 size-96 rounded-full bg-violet-400/20 blur-3xl" />
        <div className="relative flex items-center gap-3 text-lg font-semibold">
          <span className="flex size-10 items-center justify-center rounded-xl bg-white/15 ring-1 ring-white/25">
            <Building2 className="size-5" />
          </span>
          {PRODUCT_NAME}
        </div>
        <div className="relative mt-auto max-w-md space-y-6">
          <h2 className="text-3xl leading-tight font-semibold tracking-tight">
            People, attendance and payroll for every unit of your organisation.
          </h2>
          <ul className="space-y-3 text-sm text-indigo-100">
            <li className="flex items-center gap-3">
              <Users className="size-4" /> Employee records, requests and approvals
            </li>
            <li className="flex items-center gap-3">
              <CalendarCheck className="size-4" /> Shifts, attendance and leave
            </li>
            <li className="flex items-center gap-3">
              <IndianRupee className="size-4" /> Salary processing, payslips and Form 16
            </li>
            <li className="flex items-center gap-3">
              <ShieldCheck className="size-4" /> Role-wise access, unit by unit
            </li>
          </ul>
        </div>
        <p className="relative mt-10 text-xs text-indigo-200">HR · Payroll · Attendance</p>
      </aside>

      <main className="flex items-center justify-center bg-background p-6 sm:p-10">
        <div className="w-full max-w-sm space-y-8">
          <div className="space-y-2">
            <div className="flex items-center gap-2 text-primary lg:hidden">
              <Building2 className="size-6" />
              <span className="text-lg font-semibold">{PRODUCT_NAME}</span>
            </div>
            <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
            <p className="text-sm text-muted-foreground">Use your user name or e-mail and your password.</p>
          </div>

          <form className="space-y-5" onSubmit={onSubmit} noValidate data-testid="sign-in-form">
            {formError && (
              <Alert variant="destructive" data-testid="sign-in-error">
                <AlertDescription>{formError}</AlertDescription>
              </Alert>
            )}
            <FormField label="User name or e-mail" htmlFor="userName" error={fieldErrors.userName?.message}>
              <Input id="userName" autoComplete="username" autoFocus aria-invalid={!!fieldErrors.userName} {...form.register('userName')} />
            </FormField>
            <FormField label="Password" htmlFor="password" error={fieldErrors.password?.message}>
              <div className="relative">
                <Input
                  id="password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  className="pr-10"
                  aria-invalid={!!fieldErrors.password}
                  {...form.register('password')}
                />
                <button
                  type="button"
                  className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-muted-foreground hover:text-foreground"
                  aria-label={showPassword ? 'Hide password' : 'Show password'}
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((v) => !v)}
                >
                  {showPassword ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
                </button>
              </div>
            </FormField>
            <Button type="submit" className="w-full" size="lg" disabled={busy}>
              {busy ? <Spinner /> : <LogIn />}
              Sign in
            </Button>
          </form>
          <p className="text-center text-xs text-muted-foreground">Trouble signing in? Ask your HR administrator to reset your password.</p>
        </div>
      </main>
    </div>
  );
}

export default SignInScreen;
