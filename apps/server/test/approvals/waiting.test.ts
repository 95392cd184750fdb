// The approver's inbox (GET /api/approvals/waiting, issue 29): a caller sees exactly the pending approvals they may
// decide now — not their own, not another unit's, not a level not yet theirs, not a salary run of a unit whose approve
// map lacks them — whatever their role; a self-service employee sees none; without a session, 401.
import { MENU, type TWaitingApprovals } from '@hr/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payrollRuns, unitSalaryApprovers, units, users } from '../../src/db/schema';
import { type ApprovalKind, decide, registerApprovalKind, submitApproval } from '../../src/modules/approvals/service';
import { salaryRunApproval } from '../../src/modules/payroll/run-approval-kind';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp, type UnitLimitedUser } from '../helpers';

let t: TestApp;
const unit: Record<string, number> = {};
let manager: UnitLimitedUser;
let other: UnitLimitedUser;
let adminId: number;
const levelOf = new Map<number, number>();

const oneLevel = registerApprovalKind({
  kind: 'test.inboxOne',
  menu: MENU.employee,
  describe: async (_db, rows) => new Map(rows.map((a) => [a.id, { title: `Thing ${a.subjectId}`, detail: 'a detail' }])),
});
const twoLevels = registerApprovalKind({
  kind: 'test.inboxTwo',
  menu: MENU.employee,
  levels: async () => 2,
  mayApprove: async (_tx, actor, _a, level) => levelOf.get(actor.userId) === level,
});

let subject = 5000;
function open(kind: ApprovalKind, requestedBy: number, unitId: number) {
  subject++;
  return t.db.transaction((tx) => submitApproval(tx, kind, { subjectId: subject, employeeId: null, unitId, requestedBy }));
}

async function waiting(who: { get: ReturnType<typeof api>['get'] }, kindPrefix = 'test.inbox') {
  const res = await who.get('/api/approvals/waiting', { pageSize: 50 });
  expect(res.statusCode).toBe(200);
  const body = res.json() as TWaitingApprovals;
  return body.rows.filter((r) => r.kind.startsWith(kindPrefix));
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.db.select().from(units)) unit[u.code] = u.id;
  const codes = Object.keys(unit);
  manager = await createUnitLimitedUser(t, { menus: { [MENU.employee]: ['view', 'approve'] }, unitIds: [unit[codes[0]]], name: 'Inbox' });
  other = await createUnitLimitedUser(t, { menus: { [MENU.employee]: ['view', 'approve'] }, unitIds: [unit[codes[0]]], name: 'Other' });
  adminId = (await t.db.select().from(users).where(eq(users.userName, 'admin')))[0].id;
});
afterAll(() => t?.close());

describe('GET /api/approvals/waiting', () => {
  it('lists exactly what a unit-limited approver may decide now, newest first, and how each reads', async () => {
    const [home, away] = Object.values(unit);
    const theirs = await open(oneLevel, other.userId, home);
    const own = await open(oneLevel, manager.userId, home);
    const elsewhere = await open(oneLevel, other.userId, away);
    const notYet = await open(twoLevels, other.userId, home);
    levelOf.set(manager.userId, 2);
    levelOf.set(adminId, 1);
    const newest = await open(oneLevel, other.userId, home);
    let rows = await waiting(manager.api);
    expect(rows.map((r) => r.id)).toEqual([newest.id, theirs.id]);
    expect(rows.map((r) => r.id)).not.toContain(own.id);
    expect(rows.map((r) => r.id)).not.toContain(elsewhere.id);
    expect(rows[0]).toMatchObject({ title: `Thing ${newest.subjectId}`, detail: 'a detail', path: MENU.employee, level: 1, levels: 1 });
    // Level 1 of the two-level one is not the manager's; once decided, level 2 is.
    await decide(
      t.db,
      {
        userId: adminId,
        userName: 'admin',
        roleId: 1,
        roleName: 'Administrator',
        isAdmin: true,
        isSelfService: false,
        employeeId: null,
        unitIds: 'all',
        sessionId: 0,
      },
      notYet.id,
      'approve',
      null,
    );
    rows = await waiting(manager.api);
    expect(rows.map((r) => r.id)).toEqual([newest.id, notYet.id, theirs.id].sort((a, b) => b - a));
    expect(rows.find((r) => r.id === notYet.id)).toMatchObject({ level: 2, levels: 2, title: 'Inbox two' });
    // Decided items leave the inbox.
    await decide(
      t.db,
      {
        userId: manager.userId,
        userName: manager.userName,
        roleId: manager.roleId,
        roleName: 'x',
        isAdmin: false,
        isSelfService: false,
        employeeId: null,
        unitIds: manager.unitIds,
        sessionId: 0,
      },
      theirs.id,
      'reject',
      'no',
    );
    expect((await waiting(manager.api)).map((r) => r.id)).not.toContain(theirs.id);
    // Pages.
    const first = (await manager.api.get('/api/approvals/waiting', { pageSize: 1 })).json() as TWaitingApprovals;
    expect(first.rows).toHaveLength(1);
    expect(first.hasMore).toBe(true);
  });

  it('shows a salary run only to a user mapped to approve its unit at its level, administrators included', async () => {
    const admin = api(t.app, await signIn(t.app, 'admin'));
    const home = Object.values(unit)[0];
    const [runRow] = await t.db.insert(payrollRuns).values({ unitId: home, year: 2020, month: 1, status: 'processed' }).returning();
    const run = await t.db.transaction((tx) =>
      submitApproval(tx, salaryRunApproval, { subjectId: runRow.id, employeeId: null, unitId: home, requestedBy: manager.userId }),
    );
    // The seed may map the administrator: this unit's approve map lacks them until the insert below.
    await t.db.delete(unitSalaryApprovers).where(and(eq(unitSalaryApprovers.unitId, home), eq(unitSalaryApprovers.userId, adminId)));
    expect((await waiting(admin, 'payroll.run')).map((r) => r.id)).not.toContain(run.id);
    await t.db.insert(unitSalaryApprovers).values({ unitId: home, userId: adminId, level: 1 });
    const rows = await waiting(admin, 'payroll.run');
    expect(rows.map((r) => r.id)).toContain(run.id);
    const [u] = await t.db.select().from(units).where(eq(units.id, home));
    expect(rows.find((r) => r.id === run.id)).toMatchObject({
      path: MENU.salaryProcess,
      title: `Salary run · ${u.name}, January 2020`,
      detail: '0 employees',
    });
  });

  it('gives a self-service employee an empty list, and 401 without a session', async () => {
    const employee = api(t.app, await signIn(t.app, 'employee1'));
    const res = await employee.get('/api/approvals/waiting');
    expect(res.statusCode).toBe(200);
    expect((res.json() as TWaitingApprovals).rows).toEqual([]);
    expect((await api(t.app).get('/api/approvals/waiting')).statusCode).toBe(401);
    expect((await api(t.app, await signIn(t.app, 'admin')).get('/api/approvals/waiting', { pageSize: 51 })).statusCode).toBe(400);
  });

  it('lists the requests a manager decides at All Requests, as GET /api/requests?toDecide=true does', async () => {
    const mgr = api(t.app, await signIn(t.app, 'manager'));
    const listed = (await mgr.get('/api/requests', { toDecide: true, status: 'pending', pageSize: 50 })).json() as {
      rows: { id: number; canApprove: boolean }[];
    };
    const inbox = await waiting(mgr, 'request.');
    expect(inbox.map((r) => r.subjectId).sort()).toEqual(
      listed.rows
        .filter((r) => r.canApprove)
        .map((r) => r.id)
        .sort(),
    );
  });
});
