// The approvals module: approvers come from data (role-wise menu access, unit mapping, a kind's own levels),
// nobody approves their own request, levels are decided in order, two approvers at once cannot both win,
// a rejection needs a remark, and every step leaves a history line and an audit entry.
import { MENU } from '@hr/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { approvals, units, users } from '../../src/db/schema';
import { Conflict } from '../../src/lib/errors';
import type { AuthContext } from '../../src/modules/access/context';
import {
  cancelApproval,
  cancelDecided,
  decide,
  historyOf,
  registerApprovalKind,
  submitApproval,
} from '../../src/modules/approvals/service';
import { createRole, createUser, grantMenus } from '../../src/seed/factories';
import { api, createTestApp, type TestApp } from '../helpers';

let t: TestApp;
const ids: Record<string, number> = {};
const unit: Record<string, number> = {};

/** A caller as the server builds it, for calling the module directly. */
function caller(userId: number, over: Partial<AuthContext> = {}): AuthContext {
  return {
    userId,
    userName: `u${userId}`,
    roleId: ids.approverRole,
    roleName: 'Approver',
    isAdmin: false,
    isSelfService: false,
    employeeId: null,
    unitIds: [unit['HO-BLR']],
    sessionId: 0,
    ...over,
  };
}

/** Levels of the test kind: who may act at level 1 and at level 2. */
const levelOf = new Map<number, number>();
const approved: number[] = [];
const twoLevels = registerApprovalKind({
  kind: 'test.twoLevels',
  menu: MENU.employee,
  levels: async () => 2,
  mayApprove: async (_tx, actor, _a, level) => levelOf.get(actor.userId) === level,
  onApproved: async (_tx, a) => {
    approved.push(a.subjectId);
  },
  onCancelled: async (_tx, a, _actor, remark, from) => {
    cancelled.push({ subjectId: a.subjectId, remark, from });
  },
});
const cancelled: { subjectId: number; remark: string | null; from: string }[] = [];

/** One level; the requester may cancel an approved request while `requesterOpen` says so. */
let requesterOpen = true;
const oneLevel = registerApprovalKind({
  kind: 'test.oneLevel',
  menu: MENU.employee,
  mayApprove: async (_tx, actor) => levelOf.get(actor.userId) === 1,
  requesterMayCancel: async () => {
    if (!requesterOpen) throw new Conflict('It has started');
  },
  onCancelled: async (_tx, a, _actor, remark, from) => {
    cancelled.push({ subjectId: a.subjectId, remark, from });
  },
});

let subject = 1000;
async function open(requestedBy: number, unitId = unit['HO-BLR'], employeeId: number | null = null) {
  subject++;
  return t.db.transaction((tx) => submitApproval(tx, twoLevels, { subjectId: subject, employeeId, unitId, requestedBy }));
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.db.select().from(units)) unit[u.code] = u.id;
  ids.approverRole = await createRole(t.db, { name: 'Approver' });
  await grantMenus(t.db, ids.approverRole, { [MENU.employee]: ['view', 'approve'] });
  const plainRole = await createRole(t.db, { name: 'Clerk' });
  await grantMenus(t.db, plainRole, { [MENU.employee]: ['view'] });
  const mk = (userName: string, roleId: number) =>
    createUser(t.db, { userName, password: 'Approver@2026x', fullName: userName, roleId, unitIds: [unit['HO-BLR']] });
  ids.first = await mk('first.level', ids.approverRole);
  ids.second = await mk('second.level', ids.approverRole);
  ids.clerk = await mk('plain.clerk', plainRole);
  ids.requester = await mk('the.requester', ids.approverRole);
  levelOf.set(ids.first, 1);
  levelOf.set(ids.second, 2);
  levelOf.set(ids.requester, 1);
  ids.admin = (await t.db.select().from(users).where(eq(users.userName, 'admin')))[0].id;
});
afterAll(() => t?.close());

describe('levels and approvers', () => {
  it('decides level 1 before level 2, each by its own approver, then runs the domain hook', async () => {
    const a = await open(ids.requester);
    await expect(decide(t.db, caller(ids.second), a.id, 'approve', null)).rejects.toMatchObject({ statusCode: 403 });
    const after1 = await decide(t.db, caller(ids.first), a.id, 'approve', 'fine by me');
    expect(after1).toMatchObject({ state: 'pending', level: 2 });
    expect(approved).not.toContain(a.subjectId);
    // The level-1 approver cannot also take level 2.
    await expect(decide(t.db, caller(ids.first), a.id, 'approve', null)).rejects.toMatchObject({ statusCode: 403 });
    const done = await decide(t.db, caller(ids.second), a.id, 'approve', null);
    expect(done).toMatchObject({ state: 'approved', level: 2 });
    expect(approved).toContain(a.subjectId);
    const lines = (await historyOf(t.db, [a.id])).get(a.id)!;
    expect(lines.map((l) => [l.action, l.level, l.remark])).toEqual([
      ['submitted', 0, null],
      ['approved', 1, 'fine by me'],
      ['approved', 2, null],
    ]);
    const audit = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where entity = 'approvals' and entity_id = ${String(a.id)}`,
    );
    expect(audit[0].n).toBe(2);
    // Decided: a further decision is a conflict.
    await expect(decide(t.db, caller(ids.second), a.id, 'approve', null)).rejects.toMatchObject({ statusCode: 409 });
  });

  it('refuses self-approval, even to an administrator', async () => {
    const own = await open(ids.requester);
    await expect(decide(t.db, caller(ids.requester), own.id, 'approve', null)).rejects.toMatchObject({ statusCode: 403 });
    const adminOwn = await open(ids.admin);
    await expect(
      decide(t.db, caller(ids.admin, { isAdmin: true, unitIds: 'all', roleId: 1 }), adminOwn.id, 'approve', null),
    ).rejects.toMatchObject({ statusCode: 403 });
  });

  it('refuses a role without the approve action, a caller outside the unit (404), and a rejection without a remark', async () => {
    const a = await open(ids.requester);
    await expect(
      decide(
        t.db,
        caller(ids.clerk, { roleId: (await t.db.select().from(users).where(eq(users.id, ids.clerk)))[0].roleId }),
        a.id,
        'approve',
        null,
      ),
    ).rejects.toMatchObject({
      statusCode: 403,
    });
    const elsewhere = await open(ids.requester, unit['CMP-MYS']);
    await expect(decide(t.db, caller(ids.first), elsewhere.id, 'approve', null)).rejects.toMatchObject({ statusCode: 404 });
    await expect(decide(t.db, caller(ids.first), a.id, 'reject', '  ')).rejects.toMatchObject({ statusCode: 400 });
    const rejected = await decide(t.db, caller(ids.first), a.id, 'reject', 'Wrong IFSC');
    expect(rejected.state).toBe('rejected');
  });

  it('lets two approvers race: one wins, the other gets 409', async () => {
    const a = await open(ids.requester);
    levelOf.set(ids.second, 1);
    try {
      const results = await Promise.allSettled([
        decide(t.db, caller(ids.first), a.id, 'reject', 'no'),
        decide(t.db, caller(ids.second), a.id, 'reject', 'also no'),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(failed.reason).toMatchObject({ statusCode: 409 });
      const [row] = await t.db.select().from(approvals).where(eq(approvals.id, a.id));
      expect(row.state).toBe('rejected');
    } finally {
      levelOf.set(ids.second, 2);
    }
  });

  it('lets the requester withdraw a pending request, and nobody else without the approve action', async () => {
    const a = await open(ids.requester);
    await expect(cancelApproval(t.db, caller(ids.clerk, { roleId: 999 }), a.id, null)).rejects.toMatchObject({ statusCode: 403 });
    const after = await cancelApproval(t.db, caller(ids.requester), a.id, 'not needed');
    expect(after.state).toBe('cancelled');
    await expect(cancelApproval(t.db, caller(ids.requester), a.id, null)).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('cancelling an approved request', () => {
  async function approvedOne(kind = oneLevel) {
    subject++;
    const a = await t.db.transaction((tx) =>
      submitApproval(tx, kind, { subjectId: subject, employeeId: null, unitId: unit['HO-BLR'], requestedBy: ids.requester }),
    );
    await decide(t.db, caller(ids.first), a.id, 'approve', null);
    if (kind === twoLevels) await decide(t.db, caller(ids.second), a.id, 'approve', null);
    return a;
  }

  it('an approver cancels with a reason: history line, audit entry and the domain hook (from approved)', async () => {
    const a = await approvedOne(twoLevels);
    // No reason: 400; the level-1 approver is not an approver of the last level: 403; a clerk: 403; outside: 404.
    await expect(cancelDecided(t.db, caller(ids.second), a.id, '  ')).rejects.toMatchObject({ statusCode: 400 });
    await expect(cancelDecided(t.db, caller(ids.first), a.id, 'no')).rejects.toMatchObject({ statusCode: 403 });
    await expect(cancelDecided(t.db, caller(ids.clerk, { roleId: 999 }), a.id, 'no')).rejects.toMatchObject({ statusCode: 403 });
    await expect(cancelDecided(t.db, caller(ids.second, { unitIds: [] }), a.id, 'no')).rejects.toMatchObject({ statusCode: 404 });
    // The requester of a kind without requesterMayCancel: 403.
    await expect(cancelDecided(t.db, caller(ids.requester), a.id, 'mine')).rejects.toMatchObject({ statusCode: 403 });
    const after = await cancelDecided(t.db, caller(ids.second), a.id, ' Plans changed ');
    expect(after.state).toBe('cancelled');
    expect(cancelled.at(-1)).toEqual({ subjectId: a.subjectId, remark: 'Plans changed', from: 'approved' });
    const lines = (await historyOf(t.db, [a.id])).get(a.id)!;
    expect(lines.at(-1)).toMatchObject({ action: 'cancelled', level: 2, remark: 'Plans changed' });
    const audit = await queryRows<{ action: string }>(
      t.db,
      sql`select action from audit_log where entity = 'approvals' and entity_id = ${String(a.id)} order by id`,
    );
    expect(audit.at(-1)?.action).toBe('cancel approved');
    // Cancelled already: 409.
    await expect(cancelDecided(t.db, caller(ids.second), a.id, 'again')).rejects.toMatchObject({ statusCode: 409 });
  });

  it('refuses a pending request (409) and lets the requester cancel only where the kind allows', async () => {
    subject++;
    const pending = await t.db.transaction((tx) =>
      submitApproval(tx, oneLevel, { subjectId: subject, employeeId: null, unitId: unit['HO-BLR'], requestedBy: ids.requester }),
    );
    await expect(cancelDecided(t.db, caller(ids.first), pending.id, 'no')).rejects.toMatchObject({ statusCode: 409 });
    const a = await approvedOne();
    requesterOpen = false;
    try {
      await expect(cancelDecided(t.db, caller(ids.requester), a.id, null)).rejects.toMatchObject({ statusCode: 409 });
    } finally {
      requesterOpen = true;
    }
    const after = await cancelDecided(t.db, caller(ids.requester, { unitIds: [] }), a.id, null);
    expect(after.state).toBe('cancelled');
    expect(cancelled.at(-1)).toEqual({ subjectId: a.subjectId, remark: null, from: 'approved' });
  });

  it('a pending withdrawal still reaches the hook as from pending', async () => {
    const a = await open(ids.requester);
    await cancelApproval(t.db, caller(ids.requester), a.id, null);
    expect(cancelled.at(-1)).toEqual({ subjectId: a.subjectId, remark: null, from: 'pending' });
  });
});

describe('profile change requests on the module', () => {
  it('are decided by whoever holds approve on the employee screen within the unit, never by the employee', async () => {
    const admin = api(
      t.app,
      (await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { userName: 'admin', password: 'Admin@123' } })).json()
        .token,
    );
    const emp = api(
      t.app,
      (
        await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { userName: 'employee1', password: 'Employee@123' } })
      ).json().token,
    );
    const created = await emp.post('/api/me/employee/change-requests', { changes: { uan: '100200300499' }, reason: 'New UAN' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    // Rejecting needs a remark.
    expect((await admin.post(`/api/employee-change-requests/${id}/decide`, { approve: false })).statusCode).toBe(400);
    // A unit-mapped approver (not an administrator) may decide: approvers come from data.
    const me = (await emp.get('/api/me/employee')).json();
    const approverName = `approver.${me.unitId}`;
    await createUser(t.db, {
      userName: approverName,
      password: 'Approver@2026x',
      fullName: 'Unit Approver',
      roleId: ids.approverRole,
      unitIds: [me.unitId],
    });
    const approver = api(
      t.app,
      (
        await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { userName: approverName, password: 'Approver@2026x' } })
      ).json().token,
    );
    const res = await approver.post(`/api/employee-change-requests/${id}/decide`, { approve: false, note: 'UAN does not match EPFO' });
    expect(res.statusCode, res.body).toBe(204);
    const mine = (await emp.get('/api/me/employee/change-requests')).json();
    const req = mine.find((r: { id: number }) => r.id === id);
    expect(req).toMatchObject({ status: 'rejected', decisionNote: 'UAN does not match EPFO', decidedByName: 'Unit Approver' });
    expect(req.history.map((h: { action: string; remark: string | null }) => [h.action, h.remark])).toEqual([
      ['submitted', 'New UAN'],
      ['rejected', 'UAN does not match EPFO'],
    ]);
    // Decided once: again is a conflict.
    expect((await admin.post(`/api/employee-change-requests/${id}/decide`, { approve: true })).statusCode).toBe(409);
  });
});

describe('a sign-in without an employee record', () => {
  it('gets 404 (no record), not 403, for its own profile', async () => {
    const token = (
      await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { userName: 'admin', password: 'Admin@123' } })
    ).json().token;
    const res = await api(t.app, token).get('/api/me/employee');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Your sign-in is not linked to an employee record');
  });
});
