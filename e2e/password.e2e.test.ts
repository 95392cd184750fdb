// Changing one's own password in Chromium (/outlet/me/password from the account menu), and the sign-in screen
// saying when to try again after too many failed attempts. A throw-away account, so the demo users keep theirs.
import { MENU } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import { apiRequest, SignInScreen, useBrowser } from './support';

const ctx = useBrowser();

const USER = `pw-e2e-${Date.now().toString(36)}`;
const FIRST = 'Tiffin-Box-4242';
const SECOND = 'Mango-Lassi-2026';

async function signInApi(password: string) {
  return apiRequest<{ token: string }>('/api/auth/sign-in', { body: { userName: USER, password } });
}

describe('change password', () => {
  it('changes it from the account menu, signs out the other sessions, and the new one signs in', async () => {
    const roles = await apiRequest<{ rows: { id: number; name: string }[] }>('/api/resources/role?pageSize=50', { user: 'admin' });
    const roleId = roles.body.rows.find((r) => r.name === 'Employee')?.id;
    const made = await apiRequest('/api/resources/user', {
      user: 'admin',
      body: { userName: USER, fullName: 'Password Tester', roleId, password: FIRST },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const other = await signInApi(FIRST);
    expect(other.status).toBe(200);

    const { page } = ctx;
    const signIn = new SignInScreen(page);
    await signIn.open();
    await signIn.submitWith(USER, FIRST);
    // generous waits: the shared machine is loaded
    await page.waitForURL(/\/outlet\//, { timeout: 90_000 });
    await page.getByTestId('app-shell').waitFor({ timeout: 90_000 });
    await page.getByTestId('user-menu').click({ timeout: 90_000 });
    await page.getByTestId('change-password').click({ timeout: 90_000 });
    await page.waitForURL('**/outlet/me/password', { timeout: 90_000 });
    // The URL changes before the screen renders: on the loaded machine the heading came 0.6-1.7 s later (with the
    // form on its own state as with react-hook-form), past expect.poll's default bound of 1 s.
    await expect.poll(() => page.getByRole('heading', { name: 'Change password' }).isVisible(), { timeout: 90_000 }).toBe(true);

    // a wrong current password: said on its field, nothing changed
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill(SECOND);
    await page.getByLabel('New password again').fill(SECOND);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('The current password is not correct').isVisible(), { timeout: 90_000 }).toBe(true);
    // a weak new one is refused before sending
    await page.getByLabel('Current password').fill(FIRST);
    await page.getByLabel('New password', { exact: true }).fill('password');
    await page.getByLabel('New password again').fill('password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('At least 10 characters').isVisible(), { timeout: 90_000 }).toBe(true);

    await page.getByLabel('New password', { exact: true }).fill(SECOND);
    await page.getByLabel('New password again').fill(SECOND);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByTestId('change-password-done').waitFor({ timeout: 90_000 });

    // this session goes on; the other one ended; the old password no longer signs in, the new one does
    expect(new URL(page.url()).pathname).toBe('/outlet/me/password');
    await page.goto(MENU.dashboard);
    await page.getByTestId('app-shell').waitFor({ timeout: 90_000 });
    expect((await apiRequest('/api/auth/me', { token: other.body.token })).status).toBe(401);
    expect((await signInApi(FIRST)).status).toBe(401);
    expect((await signInApi(SECOND)).status).toBe(200);
  });

  it('the sign-in screen says when to try again after too many failed attempts', async () => {
    const { page } = ctx;
    const signIn = new SignInScreen(page);
    await signIn.open();
    const attempt = async (password: string) => {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in'));
      await signIn.submitWith(USER, password);
      return (await answered).status();
    };
    for (let i = 0; i < 5; i++) {
      expect(await attempt(`wrong-${i}-password`)).toBe(401);
      await expect.poll(() => page.getByTestId('sign-in-error').textContent()).toBe('Invalid user name or password');
    }
    expect(await attempt(SECOND)).toBe(429);
    await expect
      .poll(() => page.getByTestId('sign-in-error').textContent())
      .toMatch(/^Too many failed sign-in attempts for this account\. Please try again in \d+ seconds\.$/);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
