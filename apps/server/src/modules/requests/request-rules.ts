// What the request services share: the menus and labels of each kind, a request read (and reached: own, or in the
// caller's units), its one-line description, the month-open rule and the caller's own staff record.
import { formatIsoDMY as dmy, financialYearOf, type IsoDate } from '@hr/calendar';
import { MENU, type TMenuPath, type TRequestKind } from '@hr/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { requests } from '../../db/schema';
import { BadRequest, Forbidden, NotFound } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import { type AuthContext, canReachUnit } from '../access/context';
import { assertEmployeeDayOpen } from '../attendance/service';
import { leavePolicy, type StaffFacts, staffFacts } from './leave-terms';

export const KIND_MENU: Record<TRequestKind, TMenuPath> = {
  wfh: MENU.allRequestWfh,
  leave: MENU.allRequestLeave,
  visitor: MENU.allRequestVisitor,
};
export const KIND_LABEL: Record<TRequestKind, string> = { wfh: 'Work from home', leave: 'Leave', visitor: 'Visitor notification' };
export const OWN_LINK = MENU.myRequests;

export const today = () => orgToday();

export type RequestRow = typeof requests.$inferSelect;

export async function requestOf(tx: Db | Tx, id: number): Promise<RequestRow> {
  const [r] = await tx.select().from(requests).where(eq(requests.id, id));
  if (!r) throw new NotFound('Request not found');
  return r;
}

export const describe = (r: RequestRow, leaveName?: string | null) =>
  r.kind === 'visitor'
    ? `Visitor ${r.visitorName} on ${dmy(r.fromDate)} at ${r.expectedTime}`
    : `${r.kind === 'leave' ? (leaveName ?? 'Leave') : 'Work from home'} ${r.fromDate === r.toDate ? `on ${dmy(r.fromDate)}` : `from ${dmy(r.fromDate)} to ${dmy(r.toDate)}`} (${Number(r.days)} ${Number(r.days) === 1 ? 'day' : 'days'})`;

export async function leaveName(tx: Db | Tx, r: RequestRow): Promise<string | null> {
  if (r.leaveTypeId === null) return null;
  return (await leavePolicy(tx, r.leaveTypeId))?.name ?? null;
}

/**
 * The months a request touches must be open for the employee (the salary that paid them, or their unit's on the
 * day, not approved or locked): 409 otherwise. The same rule as attendance's frozen days, so a transfer after a
 * locked month does not open it again.
 */
export async function assertOpen(tx: Db | Tx, employeeId: number, from: IsoDate, to: IsoDate, what: string) {
  let month = `${from.slice(0, 7)}-01`;
  while (month <= to) {
    await assertEmployeeDayOpen(tx, employeeId, month < from ? from : month, what);
    const [y, m] = month.split('-').map(Number);
    month = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  }
}

export const dateInput = (r: { fromDate: string; toDate: string; halfDayStart: boolean; halfDayEnd: boolean }) => ({
  from: r.fromDate,
  to: r.toDate,
  halfDayStart: r.halfDayStart,
  halfDayEnd: r.halfDayEnd,
});

export async function ownStaff(db: Db | Tx, auth: AuthContext): Promise<StaffFacts> {
  if (auth.employeeId == null) throw new Forbidden('Your sign-in is not linked to an employee record');
  const e = await staffFacts(db, auth.employeeId);
  if (!e) throw new Forbidden('Your sign-in is not linked to an employee record');
  return e;
}

/** A leave or work-from-home request stays within one financial year (balances, and the lists' date bound). */
export const crossesYearEnd = (fromDate: string) =>
  new BadRequest('Invalid dates', {
    toDate: [`A request cannot cross the financial year end (${dmy(financialYearOf(fromDate).endDate)}): make two requests`],
  });

export const halves = (input: { fromDate: string; toDate: string; halfDayStart: boolean; halfDayEnd: boolean }) =>
  input.fromDate === input.toDate
    ? { halfDayStart: input.halfDayStart || input.halfDayEnd, halfDayEnd: false }
    : { halfDayStart: input.halfDayStart, halfDayEnd: input.halfDayEnd };

/** The request within the caller's reach (own, or in the caller's units for staff roles): 404 otherwise. */
export async function reachRequest(db: Db | Tx, auth: AuthContext, id: number): Promise<RequestRow> {
  const [r] = await db.select().from(requests).where(eq(requests.id, id));
  if (!r) throw new NotFound('Request not found');
  const own = r.employeeId === auth.employeeId || r.requestedBy === auth.userId;
  if (!own && (auth.isSelfService || !canReachUnit(auth, r.unitId))) throw new NotFound('Request not found');
  return r;
}
