/**
 * The password policy is the installation's: PASSWORD_MIN_LENGTH raises the built-in minimum of 10 for every
 * place that sets a password (the user master, an employee's sign-in account), and cannot lower it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { employees, users } from '../../src/db/schema';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp({ config: { passwordMinLength: 14 } });
  admin = api(t.app, await signIn(t.app, 'admin'));
});
afterAll(() => t?.close());

describe('a configured password minimum', () => {
  it('is read from PASSWORD_MIN_LENGTH and may not go below 10', () => {
    expect(loadConfig({ PASSWORD_MIN_LENGTH: '16' }).passwordMinLength).toBe(16);
    expect(loadConfig({}).passwordMinLength).toBe(10);
    expect(() => loadConfig({ PASSWORD_MIN_LENGTH: '8' })).toThrow(/PASSWORD_MIN_LENGTH/);
  });

  it('refuses a shorter password in the user master and for an employee’s account, with the reason', async () => {
    const roles = (await admin.get('/api/resources/role', { pageSize: 50 })).json().rows as { id: number; name: string }[];
    const roleId = roles.find((r) => r.name === 'Employee')?.id;
    const user = (password: string) => admin.post('/api/resources/user', { userName: 'policy.user', fullName: 'Policy', roleId, password });
    const short = await user('Tiffin-Box-42');
    expect(short.statusCode, short.body).toBe(400);
    expect(short.json().fieldErrors.password).toEqual(['At least 14 characters']);
    expect((await user('Tiffin-Box-4242')).statusCode).toBe(201);

    const [free] = await t.db
      .select({ id: employees.id })
      .from(employees)
      .where(sql`not exists (select 1 from ${users} where ${users.employeeId} = ${employees.id})`)
      .orderBy(employees.id)
      .limit(1);
    const account = (password: string) => admin.post(`/api/employees/${free.id}/user-account`, { userName: 'policy.staff', password });
    const refused = await account('Tiffin-Box-42');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().fieldErrors.password).toEqual(['At least 14 characters']);
    expect((await account('Tiffin-Box-4242')).statusCode).toBe(201);
  });
});
