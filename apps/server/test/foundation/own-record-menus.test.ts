// Sign-ins without an employee record (the demo administrator and payroll officer) are not offered the screens
// about one's own employee record (issue 26: they opened leave requests, attendance logs with a live Punch In,
// the shift schedule and the leave summary, each failing with ERR!!). Staff with a record keep them.
import { MENU, OWN_RECORD_MENUS } from '@hr/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function me(who: 'admin' | 'payroll' | 'employee1' | 'manager') {
  const res = await api(t.app, await signIn(t.app, who)).get('/api/auth/me');
  expect(res.statusCode).toBe(200);
  const body = res.json();
  const raw = (body.rawMenus as { actionUrl: string }[]).map((m) => m.actionUrl);
  const tree = JSON.stringify(body.appMenus);
  return { employeeId: body.acc_dtls.employeeId as number | null, raw, tree };
}

describe('screens about one’s own record', () => {
  it('are not offered to the administrator and the payroll officer, who have no employee record', async () => {
    for (const who of ['admin', 'payroll'] as const) {
      const m = await me(who);
      expect(m.employeeId).toBeNull();
      for (const path of OWN_RECORD_MENUS) {
        expect(m.raw).not.toContain(path);
        expect(m.tree).not.toContain(`"${path}"`);
      }
      // Their own screens stay, and the ones that also serve staff (the payroll officer's batch of payslips).
      expect(m.raw).toContain(who === 'admin' ? MENU.employee : MENU.salaryProcess);
      expect(m.raw).toContain(MENU.payslip);
    }
  });

  it('stay for staff with an employee record', async () => {
    for (const who of ['employee1', 'manager'] as const) {
      const m = await me(who);
      expect(m.employeeId).not.toBeNull();
      expect(m.raw).toEqual(expect.arrayContaining([MENU.requestLeave, MENU.myAttendanceLogs, MENU.myLeaveSummary, MENU.profile]));
    }
  });
});
