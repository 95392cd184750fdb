// The ESI register of a month: every employee covered by ESI in the month's salary runs, with the IP number,
// the days paid, the ESI wages and both shares (each rounded up to the rupee when the run was processed).
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { defineReport } from '../define';
import { BY_UNIT_DEPARTMENT, col } from './common';
import { FINAL_TOTALS_MS, SLIP_PEOPLE, STATUTORY_FILTERS, st, statutorySlipsFrom } from './statutory-common';

export const esiRegister = defineReport({
  id: 'esi-register',
  title: 'ESI Register',
  menu: MENU.registerEsi,
  kind: 'register',
  description:
    'Employees’ State Insurance contributions of a month’s salary runs: IP number, days paid, ESI wages, employee’s and employer’s shares, for every covered employee',
  filters: STATUTORY_FILTERS,
  columns: [
    col.code,
    col.name,
    col.unit,
    col.department,
    col.text('ipNumber', 'IP Number', 12),
    col.number('days', 'Days Paid', { total: false }),
    col.money('esiWages', 'ESI Wages'),
    col.money('esiEmployee', 'Employee Share'),
    col.money('esiEmployer', 'Employer Share'),
    col.money('esiTotal', 'Total Contribution'),
  ],
  groupBy: BY_UNIT_DEPARTMENT,
  defaultSort: null,
  selfService: 'own',
  fileStem: 'ESI_Register',
  source: {
    kind: 'sql',
    order: ['unitName', 'employeeCode'],
    query: (ctx) => sql`select ${SLIP_PEOPLE}, nullif(trim(e.esi_number), '') as "ipNumber",
        coalesce((s.attendance->>'payableDays')::numeric, 0) as days, ${st('esiWages')} as "esiWages",
        ${st('esiEmployee')} as "esiEmployee", ${st('esiEmployer')} as "esiEmployer",
        ${st('esiEmployee')} + ${st('esiEmployer')} as "esiTotal"
      from ${statutorySlipsFrom(ctx)} and coalesce((s.statutory->>'esiCovered')::boolean, false)`,
    cacheTotalsMs: FINAL_TOTALS_MS,
  },
});
