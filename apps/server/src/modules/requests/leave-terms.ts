// Leave types on an employee's terms: the leave type master, the unit-wise leave type mapping applied to it, who a
// type applies to on a day (gender, category, after probation) by the pure rules in @hr/attendance, and the credits
// due on those terms. What the ledger's poster (ledger-post.ts), its year-end rework (ledger-year-end.ts), the
// balances (ledger.ts) and the request rules read.
import { creditStart, creditsDue, type NotApplicable, notApplicable, policyForUnit, type UnitLeaveRow } from '@hr/attendance';
import { financialYearOf, type IsoDate } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';

export interface LeavePolicy {
  id: number;
  code: string;
  name: string;
  isPaid: boolean;
  yearlyQuota: number;
  accrual: 'yearly' | 'monthly';
  carryForwardLimit: number;
  isEncashable: boolean;
  halfDayAllowed: boolean;
  applicableGender: string;
  applicableCategoryId: number | null;
  categoryName: string | null;
  afterProbation: boolean;
  maxBalance: number;
  sandwich: boolean;
  minNoticeDays: number;
  maxConsecutiveDays: number;
  attachmentAfterDays: number;
  excessAsLwop: boolean;
  isActive: boolean;
}

const policySelect = sql`select lt.id, lt.code, lt.name, lt.is_paid as "isPaid", lt.yearly_quota::float8 as "yearlyQuota", lt.accrual,
  lt.carry_forward_limit::float8 as "carryForwardLimit", lt.is_encashable as "isEncashable", lt.half_day_allowed as "halfDayAllowed",
  lt.applicable_gender as "applicableGender", lt.applicable_category_id as "applicableCategoryId", c.name as "categoryName",
  lt.after_probation as "afterProbation", lt.max_balance::float8 as "maxBalance", lt.sandwich, lt.min_notice_days as "minNoticeDays",
  lt.max_consecutive_days::float8 as "maxConsecutiveDays", lt.attachment_after_days::float8 as "attachmentAfterDays",
  lt.excess_as_lwop as "excessAsLwop", lt.is_active as "isActive"
  from leave_types lt left join categories c on c.id = lt.applicable_category_id`;

/** Every leave type as the master holds it (no unit's mapping applied). */
export async function leavePolicies(db: Db | Tx): Promise<LeavePolicy[]> {
  return queryRows<LeavePolicy & Record<string, unknown>>(db, sql`${policySelect} order by lt.name`);
}

/** One leave type as the master holds it (names, the ledger's kinds); use `policyOf` for an employee's terms. */
export async function leavePolicy(db: Db | Tx, id: number): Promise<LeavePolicy | null> {
  const [p] = await queryRows<LeavePolicy & Record<string, unknown>>(db, sql`${policySelect} where lt.id = ${id}`);
  return p ?? null;
}

/** The unit-wise leave type mapping rows of some units (active rows), by unit: each unit's own terms of a type. */
export async function unitMaps(db: Db | Tx, unitIds: number[] | 'all'): Promise<Map<number, UnitLeaveRow[]>> {
  const rows = await queryRows<UnitLeaveRow & { unitId: number } & Record<string, unknown>>(
    db,
    sql`select unit_id as "unitId", leave_type_id as "leaveTypeId", yearly_quota::float8 as "yearlyQuota", accrual,
          carry_forward_limit::float8 as "carryForwardLimit", max_balance::float8 as "maxBalance",
          max_consecutive_days::float8 as "maxConsecutiveDays", min_notice_days as "minNoticeDays"
        from unit_leave_type_map where is_active
          ${unitIds === 'all' ? sql`` : sql`and unit_id = any(${`{${unitIds.join(',') || 0}}`}::int[])`}`,
  );
  const out = new Map<number, UnitLeaveRow[]>();
  for (const r of rows) out.set(r.unitId, [...(out.get(r.unitId) ?? []), r]);
  return out;
}

export interface StaffFacts {
  id: number;
  unitId: number;
  gender: string;
  categoryId: number | null;
  joined: IsoDate;
  confirmed: IsoDate | null;
  exited: IsoDate | null;
  managerId: number | null;
  name: string;
  code: string;
}

export const staffSelect = sql`select id, unit_id as "unitId", lower(gender) as gender, category_id as "categoryId",
  date_of_joining::text as joined, confirmation_date::text as confirmed, exit_date::text as exited,
  reporting_manager_id as "managerId", name, employee_code as code from employees`;

export async function staffFacts(db: Db | Tx, employeeId: number): Promise<StaffFacts | null> {
  const [e] = await queryRows<StaffFacts & Record<string, unknown>>(db, sql`${staffSelect} where id = ${employeeId}`);
  return e ?? null;
}

/** A leave type on an employee's terms: the unit's mapping applied, and why it does not apply on `onDay` (or null). */
export interface StaffPolicy extends LeavePolicy {
  notApplicable: NotApplicable | null;
}

export function onTerms(p: LeavePolicy, e: StaffFacts, unitRows: readonly UnitLeaveRow[], onDay: IsoDate): StaffPolicy {
  const offered = policyForUnit(p, unitRows);
  return { ...(offered ?? p), notApplicable: notApplicable(p, e, onDay, offered !== null) };
}

/** Every type on the employee's terms on a day. */
export async function policiesOf(db: Db | Tx, e: StaffFacts, onDay: IsoDate): Promise<StaffPolicy[]> {
  const rows = (await unitMaps(db, [e.unitId])).get(e.unitId) ?? [];
  return (await leavePolicies(db)).map((p) => onTerms(p, e, rows, onDay));
}

/** One type on the employee's terms on a day (null: no such type). */
export async function policyOf(db: Db | Tx, e: StaffFacts, leaveTypeId: number, onDay: IsoDate): Promise<StaffPolicy | null> {
  const p = await leavePolicy(db, leaveTypeId);
  if (!p) return null;
  return onTerms(p, e, (await unitMaps(db, [e.unitId])).get(e.unitId) ?? [], onDay);
}

/** Why a type does not apply, in words for the employee. */
export function notApplicableMessage(p: StaffPolicy): string | null {
  switch (p.notApplicable) {
    case null:
      return null;
    case 'unit':
      return `${p.name} is not offered in your unit`;
    case 'gender':
      return `${p.name} does not apply to you`;
    case 'category':
      return `${p.name} is for the ${p.categoryName ?? 'other'} category only`;
    case 'probation':
      return `${p.name} applies after probation (from your confirmation date)`;
  }
}

/** The financial year (its start year) a day falls in. */
export const fyOf = (day: IsoDate) => financialYearOf(day).startYear;

/** Credits due on the employee's terms in `fy` up to `asOf` (none where the type does not apply then). */
export function dueCredits(p: StaffPolicy, e: StaffFacts, fy: number, asOf: IsoDate) {
  if (!p.isActive || (p.notApplicable !== null && p.notApplicable !== 'probation')) return [];
  const start = creditStart(p, e);
  if (start === null) return [];
  return creditsDue(p, fy, { joined: start, exited: e.exited }, asOf);
}
