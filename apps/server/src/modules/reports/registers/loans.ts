// Registers of advances: Form C (loans and recoveries) and the advance outstanding report.
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { orgZone } from '../../../lib/org-zone';
import { defineReport, type ReportContext } from '../define';
import { BY_UNIT_DEPARTMENT, col, PEOPLE_FILTERS } from './common';
import { yearFormLines } from './register-forms';

/** Each advance a with its employee e, recovered and outstanding sums (paise) from its instalments. */
const advances = (ctx: ReportContext) => sql`salary_advances a join employees e on e.id = a.employee_id join units u on u.id = a.unit_id
  join departments d on d.id = e.department_id
  left join lateral (
    select coalesce(sum(i.amount) filter (where i.status = 'recovered'), 0)::bigint as recovered,
      coalesce(sum(i.amount) filter (where i.status <> 'recovered'), 0)::bigint as outstanding,
      count(*) filter (where i.status = 'recovered')::int as "paidCount",
      min(i.due_month) filter (where i.status <> 'recovered') as "nextDue",
      max(i.due_month) filter (where i.status = 'recovered') as "lastRecovered"
    from advance_instalments i where i.advance_id = a.id) x on true
  where ${ctx.employeeWhere(sql`e`, sql`a.unit_id`)}`;

const effective = sql`a.effective_year::text || '-' || lpad(a.effective_month::text, 2, '0')`;

export const formC = defineReport({
  id: 'form-c',
  title: 'Form C — Register of Loans and Recoveries',
  menu: MENU.registerFormC,
  kind: 'register',
  description:
    'Register of loans / advances and their recoveries: Form C of the Ease of Compliance to Maintain Registers under various Labour Laws Rules, 2017 up to May 2026, the Code on Wages (Central) Rules, 2026 after them (the forms by date are statutory parameters); each advance paid, its instalments and what is recovered and outstanding',
  filters: [...PEOPLE_FILTERS, { kind: 'financialYear' }],
  summary: (ctx) => yearFormLines(ctx, 'loans'),
  columns: [
    col.code,
    col.name,
    col.unit,
    col.department,
    col.date('paidOn', 'Date Paid'),
    col.money('advanceAmount', 'Amount of Advance'),
    col.text('purpose', 'Purpose', 22),
    col.number('noOfEmis', 'Instalments', { total: false }),
    col.money('monthlyEmi', 'Instalment Amount', { total: false }),
    col.text('firstDue', 'Recovery From', 10, { sortable: true }),
    col.number('paidCount', 'Instalments Recovered', { total: false }),
    col.money('recovered', 'Recovered'),
    col.money('outstanding', 'Outstanding'),
    col.text('lastRecovered', 'Last Recovered', 10),
    col.text('status', 'Status', 11, { sortable: true }),
  ],
  groupBy: [...BY_UNIT_DEPARTMENT, { key: 'status', label: 'Status' }],
  defaultSort: null,
  selfService: 'own',
  fileStem: 'Form_C_Loans_Recoveries',
  pdf: { orientation: 'landscape' },
  source: {
    kind: 'sql',
    order: ['employeeCode', 'firstDue'],
    query: (ctx) => {
      const { from, to } = ctx.f;
      return sql`select e.employee_code as "employeeCode", e.name, u.name as "unitName", d.name as "departmentName",
          (a.paid_at at time zone ${orgZone()}::text)::date::text as "paidOn", a.advance_amount as "advanceAmount", a.remarks as purpose,
          a.no_of_emis as "noOfEmis", a.monthly_emi as "monthlyEmi", ${effective} as "firstDue", x."paidCount", x.recovered, x.outstanding,
          x."lastRecovered", initcap(a.status) as status
        from ${advances(ctx)} and a.status in ('paid', 'recovering', 'closed')
          ${
            from && to
              ? sql`and exists (select 1 from advance_instalments i where i.advance_id = a.id and i.due_month between ${from.slice(0, 7)} and ${to.slice(0, 7)})`
              : sql``
          }`;
    },
  },
});

export const advanceOutstanding = defineReport({
  id: 'advance-outstanding',
  title: 'Advance Outstanding',
  menu: MENU.registerAdvanceOutstanding,
  kind: 'register',
  description: 'Advances paid and not yet fully recovered: the amount, what is recovered, what is outstanding and the next instalment due',
  filters: PEOPLE_FILTERS,
  columns: [
    col.code,
    col.name,
    col.unit,
    col.department,
    col.money('advanceAmount', 'Advance'),
    col.money('monthlyEmi', 'Instalment', { total: false }),
    col.money('recovered', 'Recovered'),
    col.money('outstanding', 'Outstanding'),
    col.text('nextDue', 'Next Due', 10, { sortable: true }),
  ],
  groupBy: BY_UNIT_DEPARTMENT,
  defaultSort: { key: 'outstanding', dir: 'desc' },
  selfService: 'own',
  fileStem: 'Advance_Outstanding',
  source: {
    kind: 'sql',
    order: ['employeeCode', 'nextDue'],
    query: (ctx) => sql`select e.employee_code as "employeeCode", e.name, u.name as "unitName", d.name as "departmentName",
        a.advance_amount as "advanceAmount", a.monthly_emi as "monthlyEmi", x.recovered, x.outstanding, x."nextDue"
      from ${advances(ctx)} and a.status in ('paid', 'recovering') and x.outstanding > 0`,
  },
});
