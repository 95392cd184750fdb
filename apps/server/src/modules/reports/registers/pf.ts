// The PF register of a month: every member contributing in the month's salary runs, with the wages and shares
// the ECR 2.0 file carries (UAN, gross, EPF / EPS / EDLI wages, the member's share, EPS, the EPF–EPS difference,
// EDLI, NCP days), and in the summary the EPF administration charges of each establishment (unit) as recorded
// when its run was processed (0.5 % of its EPF wages, at least ₹500 a month).
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client';
import { defineReport, type ReportSummaryLine } from '../define';
import { BY_UNIT_DEPARTMENT, col } from './common';
import { FINAL_TOTALS_MS, SLIP_PEOPLE, STATUTORY_FILTERS, st, statutoryRunsWhere, statutorySlipsFrom } from './statutory-common';

export const pfRegister = defineReport({
  id: 'pf-register',
  title: 'PF Register',
  menu: MENU.registerPf,
  kind: 'register',
  description:
    'Provident Fund contributions of a month’s salary runs, member by member as the ECR 2.0 file carries them (UAN, gross, EPF, EPS and EDLI wages, member’s share, EPS, EPF–EPS difference, EDLI, NCP days), with the EPF administration charges of each establishment',
  filters: STATUTORY_FILTERS,
  columns: [
    col.code,
    col.name,
    col.unit,
    col.department,
    col.text('uan', 'UAN', 14),
    col.money('gross', 'Gross Wages'),
    col.money('epfWages', 'EPF Wages'),
    col.money('epsWages', 'EPS Wages'),
    col.money('edliWages', 'EDLI Wages'),
    col.money('pfEmployee', 'EPF Contribution (Member)'),
    col.money('eps', 'EPS Contribution'),
    col.money('epfDifference', 'EPF–EPS Difference'),
    col.money('edli', 'EDLI Contribution'),
    col.money('employerTotal', 'Employer Total'),
    col.number('ncpDays', 'NCP Days'),
  ],
  groupBy: BY_UNIT_DEPARTMENT,
  defaultSort: null,
  selfService: 'own',
  fileStem: 'PF_Register',
  pdf: { orientation: 'landscape' },
  source: {
    kind: 'sql',
    order: ['unitName', 'employeeCode'],
    // Members as the ECR lists them: a contribution of either side in the month.
    query: (ctx) => sql`select ${SLIP_PEOPLE}, s.uan_no as uan, s.gross, ${st('epfWages')} as "epfWages",
        ${st('epsWages')} as "epsWages", ${st('edliWages')} as "edliWages", ${st('pfEmployee')} as "pfEmployee",
        ${st('eps')} as eps, ${st('epf')} as "epfDifference", ${st('edli')} as edli,
        ${st('eps')} + ${st('epf')} + ${st('edli')} as "employerTotal",
        ceil(coalesce((s.attendance->>'lwopDays')::numeric, 0))::int as "ncpDays"
      from ${statutorySlipsFrom(ctx)} and ${st('pfEmployee')} + ${st('epf')} + ${st('eps')} > 0`,
    cacheTotalsMs: FINAL_TOTALS_MS,
  },
  summary: async (ctx) => {
    // Administration charges are the establishment's, whoever the other filters list.
    const rows = await queryRows<{ unitName: string; amount: string; epfWages: string; members: number }>(
      ctx.db,
      sql`select u.name as "unitName", c.amount::text as amount, c.epf_wages::text as "epfWages", c.members
        from pf_admin_charges c join payroll_runs r on r.id = c.run_id join units u on u.id = r.unit_id
        where ${statutoryRunsWhere(ctx)} order by u.name`,
    );
    const lines: ReportSummaryLine[] = rows.map((r) => ({
      label: `EPF administration charges — ${r.unitName} (${r.members} members, EPF wages ₹${(Number(r.epfWages) / 100).toFixed(2)})`,
      value: Number(r.amount),
      type: 'money',
    }));
    lines.push({ label: 'EPF administration charges (total)', value: rows.reduce((a, r) => a + Number(r.amount), 0), type: 'money' });
    return lines;
  },
});
