// The labour welfare fund register of a month, per state: every employee of the month's salary runs with a
// contribution (the state's due months only), the employee's and employer's amounts.
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { defineReport } from '../define';
import { col } from './common';
import { FINAL_TOTALS_MS, SLIP_PEOPLE, STATUTORY_FILTERS, st, statutorySlipsFrom } from './statutory-common';

export const lwfRegister = defineReport({
  id: 'lwf-register',
  title: 'Labour Welfare Fund Register',
  menu: MENU.registerLwf,
  kind: 'register',
  description:
    'Labour welfare fund contributions of a month’s salary runs by state: gross wages, employee’s and employer’s contributions (only in the months the state’s Act makes them due)',
  filters: [...STATUTORY_FILTERS, { kind: 'state' }],
  columns: [
    col.code,
    col.name,
    col.unit,
    col.department,
    col.text('stateName', 'State', 14, { sortable: true }),
    col.money('gross', 'Gross Wages'),
    col.money('lwfEmployee', 'Employee Contribution'),
    col.money('lwfEmployer', 'Employer Contribution'),
    col.money('lwfTotal', 'Total'),
  ],
  groupBy: [
    { key: 'stateName', label: 'State' },
    { key: 'unitName', label: 'Unit' },
  ],
  defaultSort: null,
  selfService: 'own',
  fileStem: 'LWF_Register',
  source: {
    kind: 'sql',
    order: ['stateName', 'unitName', 'employeeCode'],
    query: (ctx) => sql`select ${SLIP_PEOPLE}, st.name as "stateName", s.gross, ${st('lwfEmployee')} as "lwfEmployee",
        ${st('lwfEmployer')} as "lwfEmployer", ${st('lwfEmployee')} + ${st('lwfEmployer')} as "lwfTotal"
      from ${statutorySlipsFrom(ctx)} and ${st('lwfEmployee')} + ${st('lwfEmployer')} > 0`,
    cacheTotalsMs: FINAL_TOTALS_MS,
  },
});
