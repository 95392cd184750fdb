// The arrears report (issue 28): every arrears line of salary_arrears — a back-dated structure's difference, a
// loss-of-pay adjustment, a member's share of approved statutory PF arrears — with the month it belongs to and
// the run that pays it, months in words ("Sep 2026"). A line is paid only once that run is approved or locked:
// carried by a run still open (processed, not approved) it is pending, and says so.
import { MENU } from '@hr/contract';
import { type SQL, sql } from 'drizzle-orm';
import { finalStatus } from '../../../lib/month-lock';
import { defineReport } from '../define';
import { BY_UNIT_DEPARTMENT, col, PEOPLE_FILTERS } from './common';

/** 'YYYY-MM' (text) or a run's year and month → 'Sep 2026', as the screens print months. */
const monthWords = (ym: SQL) => sql`to_char(to_date(${ym}, 'YYYY-MM'), 'Mon YYYY')`;
const ARREAR_KIND = sql`case a.kind when 'lop' then 'Loss of pay' when 'pf' then 'PF, employee share' else 'Revised salary' end`;
/** Paid only once the run carrying the line is approved or locked; a processed run may still change. */
const ARREAR_PAID = finalStatus(sql`pr.status`);

export const arrears = defineReport({
  id: 'arrears',
  title: 'Arrears',
  menu: MENU.registerArrears,
  kind: 'register',
  description:
    'Arrears lines (back-dated increments, loss-of-pay adjustments, PF employee share of statutory arrears): the month each is for, the amount, and the run that pays it — paid once that run is approved or locked, pending before',
  filters: [
    ...PEOPLE_FILTERS,
    { kind: 'financialYear' },
    {
      kind: 'status',
      options: [
        { value: 'pending', label: 'Pending' },
        { value: 'paid', label: 'Paid' },
      ],
    },
  ],
  columns: [
    col.code,
    col.name,
    col.unit,
    col.department,
    col.text('kind', 'Kind', 16, { sortable: true }),
    col.text('forMonth', 'For Month', 10),
    col.money('amount', 'Arrears'),
    col.text('paidIn', 'Paid In', 10),
    col.text('status', 'Status', 22, { sortable: true }),
  ],
  groupBy: [...BY_UNIT_DEPARTMENT, { key: 'status', label: 'Status' }],
  defaultSort: null,
  selfService: 'own',
  fileStem: 'Arrears',
  source: {
    kind: 'sql',
    order: ['employeeCode', '_forYm'],
    query: (ctx) => {
      const { from, to, status } = ctx.f;
      return sql`select e.employee_code as "employeeCode", e.name, u.name as "unitName", d.name as "departmentName",
          ${ARREAR_KIND} as kind, a.for_month as "_forYm", ${monthWords(sql`a.for_month`)} as "forMonth", a.amount,
          case when pr.id is not null then ${monthWords(sql`pr.year::text || '-' || lpad(pr.month::text, 2, '0')`)} end as "paidIn",
          case when pr.id is null then 'Pending' when ${ARREAR_PAID} then 'Paid'
               else 'Pending (run not yet approved)' end as status
        from salary_arrears a join employees e on e.id = a.employee_id join units u on u.id = e.unit_id
        join departments d on d.id = e.department_id left join payroll_runs pr on pr.id = a.paid_run_id
        where ${ctx.employeeWhere(sql`e`)}
          ${from && to ? sql`and a.for_month between ${from.slice(0, 7)} and ${to.slice(0, 7)}` : sql``}
          ${status === 'pending' ? sql`and (pr.id is null or not ${ARREAR_PAID})` : status === 'paid' ? sql`and ${ARREAR_PAID}` : sql``}`;
    },
  },
});
