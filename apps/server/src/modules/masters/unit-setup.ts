// The unit set-up checklist (issue 28; GET /api/masters/units/{id}/setup, unit-setup-routes.ts): what a new unit still
// lacks before attendance and payroll work for it (departments, designations, heads, leave types, salary approvers,
// this year's holidays, shifts of its employees), each with the screen that sets it. One query.

import { todayIn } from '@hr/calendar';
import { MENU, type TUnitSetup, type TUnitSetupItem } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { orgZone } from '../../lib/org-zone';

type Counts = {
  departments: number;
  designations: number;
  heads: number;
  leave_types: number;
  approvers: number;
  holidays: number;
  employees: number;
  with_shift: number;
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

async function unitCounts(db: Db, unitId: number, today: string): Promise<Counts | undefined> {
  const year = today.slice(0, 4);
  const rows = await queryRows<Counts>(
    db,
    sql`
    select
      (select count(*)::int from unit_department_map m where m.unit_id = u.id and m.is_active) as departments,
      (select count(*)::int from unit_designation_map m where m.unit_id = u.id and m.is_active) as designations,
      (select count(*)::int from unit_earning_deduction_map m where m.unit_id = u.id and m.is_active) as heads,
      (select count(*)::int from unit_leave_type_map m where m.unit_id = u.id and m.is_active) as leave_types,
      (select count(*)::int from unit_salary_approvers m where m.unit_id = u.id and m.is_active) as approvers,
      (select count(*)::int from holiday_units hu join holidays h on h.id = hu.holiday_id
        where hu.unit_id = u.id and h.is_active and h.holiday_date between ${`${year}-01-01`}::date and ${`${year}-12-31`}::date) as holidays,
      (select count(*)::int from employees e where e.unit_id = u.id and e.status = 'active') as employees,
      (select count(*)::int from employees e where e.unit_id = u.id and e.status = 'active'
        and exists (select 1 from shift_assignments s where s.employee_id = e.id and s.is_active
          and s.from_date <= ${today}::date and (s.to_date is null or s.to_date >= ${today}::date))) as with_shift
    from units u where u.id = ${unitId}`,
  );
  return rows[0];
}

function checklist(c: Counts, year: string): TUnitSetupItem[] {
  const mapped = (key: TUnitSetupItem['key'], label: string, n: number, one: string, many: string, link: string): TUnitSetupItem => ({
    key,
    label,
    count: n,
    missing: 0,
    done: n > 0,
    detail: n > 0 ? `${plural(n, one, many)} mapped` : `No ${one} mapped to this unit yet`,
    link,
  });
  const withoutShift = c.employees - c.with_shift;
  return [
    mapped('departments', 'Departments', c.departments, 'department', 'departments', MENU.unitDepartmentMap),
    mapped('designations', 'Designations', c.designations, 'designation', 'designations', MENU.unitDesignationMap),
    mapped('heads', 'Earning and deduction heads', c.heads, 'head', 'heads', MENU.unitEarningDeductionMap),
    mapped('leaveTypes', 'Leave types', c.leave_types, 'leave type', 'leave types', MENU.unitLeaveTypeMap),
    {
      ...mapped('approvers', 'Salary approvers', c.approvers, 'salary approver', 'salary approvers', MENU.unitSalaryApprover),
      detail:
        c.approvers > 0 ? `${plural(c.approvers, 'salary approver', 'salary approvers')} set` : 'No salary approver set for this unit yet',
    },
    {
      key: 'holidays',
      label: 'Holidays',
      count: c.holidays,
      missing: 0,
      done: c.holidays > 0,
      detail:
        c.holidays > 0
          ? `${plural(c.holidays, 'holiday', 'holidays')} of ${year} include this unit`
          : `No holiday of ${year} includes this unit`,
      link: MENU.holiday,
    },
    {
      key: 'shifts',
      label: 'Shifts',
      count: c.with_shift,
      missing: withoutShift,
      done: c.employees > 0 && withoutShift === 0,
      detail:
        c.employees === 0
          ? 'No active employee in this unit yet'
          : withoutShift === 0
            ? `Every active employee has a shift today (${c.with_shift.toLocaleString('en-IN')})`
            : `${plural(withoutShift, 'active employee has', 'active employees have')} no shift today`,
      link: MENU.viewShift,
    },
  ];
}

/** The unit's checklist as of the organisation's today; undefined when there is no such unit. */
export async function unitSetup(db: Db, unitId: number): Promise<TUnitSetup | undefined> {
  const today = todayIn(orgZone());
  const counts = await unitCounts(db, unitId, today);
  return counts && { unitId, items: checklist(counts, today.slice(0, 4)) };
}
