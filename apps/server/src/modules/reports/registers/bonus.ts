// The bonus register: bonus of a financial year by unit, department and employee, with the wages it was computed
// on (the Code on Wages' wages, s.2(y)), the rate, the amount and the month it was paid — the particulars of the
// Code on Wages Part IV (s.26), as Form C of the Payment of Bonus Rules, 1975 kept them before the Code.
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { orgZone } from '../../../lib/org-zone';
import { defineReport } from '../define';
import { BY_UNIT_DEPARTMENT, col, PEOPLE_FILTERS } from './common';

export const bonusReport = defineReport({
  id: 'employee-bonus',
  title: 'Bonus Register (Code on Wages, Part IV)',
  menu: MENU.employeeBonusReport,
  kind: 'bonus',
  description:
    'Bonus of a financial year under the Code on Wages s.26 by unit, department and employee: months and days worked, eligible wages, rate, bonus and the month paid',
  filters: [
    ...PEOPLE_FILTERS,
    { kind: 'financialYear', required: true },
    {
      kind: 'status',
      options: [
        { value: 'draft', label: 'Draft' },
        { value: 'approved', label: 'Approved' },
        { value: 'paid', label: 'Paid' },
      ],
    },
  ],
  columns: [
    col.code,
    col.name,
    col.unit,
    col.department,
    col.designation,
    col.text('kind', 'Kind', 10),
    col.number('monthsWorked', 'Months Worked', { total: false }),
    col.number('daysWorked', 'Days Worked'),
    col.money('eligibleWages', 'Eligible Wages'),
    col.number('ratePercent', 'Rate %', { total: false, width: 8 }),
    col.money('bonus', 'Bonus'),
    col.text('eligible', 'Eligible', 8),
    col.text('reason', 'Reason', 20, { hidden: true }),
    col.text('paidMonth', 'Paid Month', 10, { sortable: true }),
    col.text('status', 'Status', 10, { sortable: true }),
  ],
  groupBy: BY_UNIT_DEPARTMENT,
  defaultSort: null,
  selfService: 'own',
  fileStem: 'Bonus_Register',
  pdf: { orientation: 'landscape' },
  source: {
    kind: 'sql',
    order: ['unitName', 'employeeCode'],
    query: (ctx) => sql`select e.employee_code as "employeeCode", e.name, u.name as "unitName", d.name as "departmentName",
        g.name as "designationName", initcap(b.kind) as kind, l.months_worked as "monthsWorked", l.days_worked as "daysWorked",
        l.basis as "eligibleWages", b.rate_percent as "ratePercent", l.amount as bonus,
        case when l.eligible then 'Yes' else 'No' end as eligible, l.reason,
        case when pr.id is not null then pr.year::text || '-' || lpad(pr.month::text, 2, '0')
             when b.pay_year is not null then b.pay_year::text || '-' || lpad(b.pay_month::text, 2, '0')
             else to_char(b.paid_at at time zone ${orgZone()}::text, 'YYYY-MM') end as "paidMonth",
        initcap(b.status) as status
      from bonus_lines l join bonuses b on b.id = l.bonus_id join employees e on e.id = l.employee_id
      join units u on u.id = b.unit_id join departments d on d.id = e.department_id join designations g on g.id = e.designation_id
      left join payroll_runs pr on pr.id = l.paid_run_id
      where b.financial_year = ${ctx.f.financialYear} and b.status <> 'cancelled'
        ${ctx.f.status ? sql`and b.status = ${ctx.f.status}` : sql``}
        and ${ctx.employeeWhere(sql`e`, sql`b.unit_id`)}`,
  },
});
