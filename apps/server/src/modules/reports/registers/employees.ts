// Registers of people: Form A (employee register), joiners and leavers, headcount.
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { orgToday } from '../../../lib/org-zone';
import { defineReport } from '../define';
import { BY_UNIT_DEPARTMENT, col, EMPLOYEE_STATUS_OPTIONS, PEOPLE_FILTERS } from './common';

/** The employees e with their unit, department, designation and category names. */
const PEOPLE = sql`employees e join units u on u.id = e.unit_id join departments d on d.id = e.department_id
  join designations g on g.id = e.designation_id left join categories c on c.id = e.category_id`;

export const formA = defineReport({
  id: 'form-a',
  title: 'Form A — Employee Register',
  menu: MENU.registerFormA,
  kind: 'register',
  description:
    'Employee register under the Ease of Compliance to Maintain Registers under various Labour Laws Rules, 2017: particulars of every employee',
  filters: [...PEOPLE_FILTERS, { kind: 'status', options: EMPLOYEE_STATUS_OPTIONS }],
  columns: [
    col.code,
    col.name,
    col.text('gender', 'Gender', 8),
    col.text('fatherName', "Father's / Spouse's Name", 22),
    col.date('dateOfBirth', 'Date of Birth'),
    col.unit,
    col.department,
    col.designation,
    col.text('categoryName', 'Category', 14),
    col.date('dateOfJoining', 'Date of Joining'),
    col.text('uan', 'UAN', 14),
    col.text('esiNumber', 'ESIC No.', 18),
    col.text('pan', 'PAN', 12),
    col.text('aadhaar', 'Aadhaar (last 4)', 10),
    col.text('mobile', 'Mobile', 12),
    col.text('bankAccountNo', 'Bank A/c No.', 18, { hidden: true }),
    col.text('ifsc', 'IFSC', 12, { hidden: true }),
    col.text('presentAddress', 'Present Address', 30, { hidden: true }),
    col.text('permanentAddress', 'Permanent Address', 30, { hidden: true }),
    col.date('exitDate', 'Date of Exit'),
    col.text('exitReason', 'Reason for Exit', 20),
  ],
  groupBy: BY_UNIT_DEPARTMENT,
  defaultSort: null,
  selfService: 'own',
  fileStem: 'Form_A_Employee_Register',
  pdf: { orientation: 'landscape' },
  source: {
    kind: 'sql',
    order: ['employeeCode', 'employeeId'],
    query: (ctx) => sql`select e.id as "employeeId", e.employee_code as "employeeCode", e.name, e.gender, e.father_name as "fatherName",
        e.date_of_birth::text as "dateOfBirth", u.name as "unitName", d.name as "departmentName", g.name as "designationName",
        c.name as "categoryName", e.date_of_joining::text as "dateOfJoining", e.uan, e.esi_number as "esiNumber", e.pan,
        e.aadhaar_last4 as aadhaar, e.mobile, e.bank_account_no as "bankAccountNo", e.ifsc, e.present_address as "presentAddress",
        e.permanent_address as "permanentAddress", e.exit_date::text as "exitDate", e.exit_reason as "exitReason"
      from ${PEOPLE}
      where ${ctx.employeeWhere(sql`e`)} ${ctx.f.status ? sql`and e.status = ${ctx.f.status}` : sql``}`,
  },
});

export const joinersLeavers = defineReport({
  id: 'joiners-leavers',
  title: 'Joiners and Leavers',
  menu: MENU.registerJoinersLeavers,
  kind: 'register',
  description: 'Employees who joined or left in a month, a date range or a financial year',
  filters: [
    { kind: 'unit' },
    { kind: 'department' },
    { kind: 'designation' },
    { kind: 'category' },
    { kind: 'dateRange' },
    { kind: 'month' },
    { kind: 'financialYear' },
    {
      kind: 'status',
      options: [
        { value: 'joined', label: 'Joiners' },
        { value: 'left', label: 'Leavers' },
      ],
    },
  ],
  columns: [
    col.text('movement', 'Joined / Left', 10, { sortable: true }),
    col.date('movementDate', 'Date'),
    col.code,
    col.name,
    col.unit,
    col.department,
    col.designation,
    col.date('dateOfJoining', 'Date of Joining'),
    col.text('exitReason', 'Reason for Exit', 24),
    col.number('headcount', 'Count', { width: 8 }),
  ],
  groupBy: [{ key: 'movement', label: 'Joined / Left' }, ...BY_UNIT_DEPARTMENT],
  defaultSort: { key: 'movementDate', dir: 'asc' },
  selfService: 'refuse',
  fileStem: 'Joiners_Leavers',
  validate: (f) => (f.from ? undefined : { from: ['Choose a month, a date range or a financial year'] }),
  source: {
    kind: 'sql',
    order: ['employeeCode', 'movement'],
    query: (ctx) => {
      const { from, to, status } = ctx.f;
      const base = (
        what: 'Joined' | 'Left',
        day: ReturnType<typeof sql>,
      ) => sql`select ${what}::text as movement, ${day}::text as "movementDate",
          e.employee_code as "employeeCode", e.name, u.name as "unitName", d.name as "departmentName", g.name as "designationName",
          e.date_of_joining::text as "dateOfJoining", ${what === 'Left' ? sql`e.exit_reason` : sql`null::text`} as "exitReason", 1 as headcount
        from ${PEOPLE}
        where ${ctx.employeeWhere(sql`e`)} and ${day} between ${from}::date and ${to}::date`;
      if (status === 'joined') return base('Joined', sql`e.date_of_joining`);
      if (status === 'left') return base('Left', sql`e.exit_date`);
      return sql`${base('Joined', sql`e.date_of_joining`)} union all ${base('Left', sql`e.exit_date`)}`;
    },
  },
});

export const headcount = defineReport({
  id: 'headcount',
  title: 'Headcount',
  menu: MENU.registerHeadcount,
  kind: 'register',
  description: 'Employees on the rolls by unit, department and designation on a day (the end of the month or range; today without one)',
  filters: [
    { kind: 'unit' },
    { kind: 'department' },
    { kind: 'designation' },
    { kind: 'category' },
    { kind: 'month' },
    { kind: 'dateRange' },
  ],
  columns: [
    col.unit,
    col.department,
    col.designation,
    col.number('male', 'Male'),
    col.number('female', 'Female'),
    col.number('other', 'Other'),
    col.number('headcount', 'Headcount'),
    col.number('onNotice', 'On Notice'),
  ],
  groupBy: BY_UNIT_DEPARTMENT,
  defaultSort: null,
  selfService: 'refuse',
  fileStem: 'Headcount',
  source: {
    kind: 'sql',
    order: ['unitName', 'departmentName', 'designationName'],
    query: (ctx) => {
      // Without a range: the organisation's today (the database's current_date is its session's zone, often UTC).
      const on = sql`${ctx.f.to ?? orgToday()}::date`;
      return sql`select u.name as "unitName", d.name as "departmentName", g.name as "designationName",
          count(*) filter (where lower(e.gender) in ('male', 'm'))::int as male,
          count(*) filter (where lower(e.gender) in ('female', 'f'))::int as female,
          count(*) filter (where lower(e.gender) not in ('male', 'm', 'female', 'f'))::int as other,
          count(*)::int as headcount,
          count(*) filter (where e.status = 'onNotice')::int as "onNotice"
        from ${PEOPLE}
        where ${ctx.employeeWhere(sql`e`)} and e.date_of_joining <= ${on} and (e.exit_date is null or e.exit_date >= ${on})
        group by u.name, d.name, g.name`;
    },
  },
});
