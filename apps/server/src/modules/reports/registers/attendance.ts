// Form D: the attendance register of a month (or range) from daily_attendance, the days as the rules worked them
// out (and manual markings), summed per employee.
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { defineReport } from '../define';
import { BY_UNIT_DEPARTMENT, col, PEOPLE_FILTERS } from './common';

export const formD = defineReport({
  id: 'form-d',
  title: 'Form D — Attendance Register',
  menu: MENU.registerFormD,
  kind: 'register',
  description:
    'Attendance register under the Ease of Compliance to Maintain Registers under various Labour Laws Rules, 2017: days present, on leave, absent, weekly offs and holidays, late arrivals, overtime and payable days',
  filters: [...PEOPLE_FILTERS, { kind: 'month' }, { kind: 'dateRange' }],
  columns: [
    col.code,
    col.name,
    col.unit,
    col.department,
    col.number('present', 'Present'),
    col.number('leave', 'Leave'),
    col.number('lwop', 'LWOP'),
    col.number('absent', 'Absent'),
    col.number('weeklyOffs', 'Weekly Offs'),
    col.number('holidays', 'Holidays'),
    col.number('lateDays', 'Late Days'),
    col.number('otHours', 'OT Hours'),
    col.number('payable', 'Payable Days'),
  ],
  groupBy: BY_UNIT_DEPARTMENT,
  defaultSort: null,
  selfService: 'own',
  fileStem: 'Form_D_Attendance_Register',
  maxDays: 366,
  validate: (f) => (f.from ? undefined : { month: ['Choose a month or a date range'] }),
  source: {
    kind: 'sql',
    order: ['employeeCode'],
    query: (ctx) => sql`select e.employee_code as "employeeCode", e.name, u.name as "unitName", dp.name as "departmentName",
        sum(a.present) as present, sum(a.leave) as leave, sum(a.lwop) as lwop,
        (count(*) filter (where a.status = 'A') + 0.5 * count(*) filter (where a.status = 'HD' or (a.status = 'L' and a.leave = 0.5)))::numeric as absent,
        count(*) filter (where a.status = 'WO')::int as "weeklyOffs", count(*) filter (where a.status = 'H')::int as holidays,
        count(*) filter (where a.late_minutes > 0)::int as "lateDays", round(sum(a.ot_minutes) / 60.0, 2) as "otHours",
        sum(a.payable) as payable
      from daily_attendance a join employees e on e.id = a.employee_id join units u on u.id = a.unit_id
      join departments dp on dp.id = e.department_id
      where a.day between ${ctx.f.from}::date and ${ctx.f.to}::date and ${ctx.employeeWhere(sql`e`, sql`a.unit_id`)}
      group by e.id, e.employee_code, e.name, u.name, dp.name`,
  },
});
