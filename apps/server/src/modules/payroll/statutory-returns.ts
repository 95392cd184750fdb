// The statutory returns of a processed salary run, built from its slips' statutory figures (worked out by the rules
// when the run was processed): the EPFO's ECR 2.0 text file, the ESIC's monthly contribution upload (Excel) and the
// run's statutory totals and the Labour Codes' wages rule on it. 409 for a run not yet processed.
import { MONTH_NAMES } from '@hr/calendar';
import type { TRunStatutory, TRunWageRule } from '@hr/contract';
import { buildEcr, EcrError, type EcrMember, toRupees } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { SlipStatutory } from '../../db/schema';
import { Conflict } from '../../lib/errors';
import { collect, streamXlsx } from '../../lib/xlsx';
import type { AuthContext } from '../access/context';
import { esiFileRows } from './esi-file';
import { loadRun } from './runs';
import { settledLeavers } from './settled-leavers';

type Run = Awaited<ReturnType<typeof loadRun>>;

/** A return's file name: the unit's code (safe characters only), the month's name and year. */
async function returnFileName(db: Db, run: Run, prefix: string, extension: string) {
  const [unit] = await queryRows<{ code: string }>(db, sql`select code from units where id = ${run.unitId}`);
  return `${prefix}_${(unit?.code ?? String(run.unitId)).replace(/[^A-Za-z0-9_-]/g, '_')}_${MONTH_NAMES[run.month - 1]}_${run.year}.${extension}`;
}

/** The PF members of the run (and the leavers whose settlement paid the month), by employee code. */
async function pfMembers(db: Db, run: Run) {
  const slips = await queryRows<{ code: string; name: string; uan: string | null; gross: string; lwop: string | null; st: SlipStatutory }>(
    db,
    sql`select s.employee_code as code, s.name, s.uan_no as uan, s.gross::text as gross,
          (s.attendance->>'lwopDays') as lwop, s.statutory as st
        from salary_slips s where s.run_id = ${run.id}
          and (s.statutory->>'pfEmployee')::bigint + (s.statutory->>'epf')::bigint + (s.statutory->>'eps')::bigint > 0
        order by s.employee_code`,
  );
  // Leavers whose settlement paid the month (the run leaves them out) contribute in the month's ECR.
  for (const l of await settledLeavers(db, run))
    if (Number(l.st.pfEmployee ?? 0) + Number(l.st.epf ?? 0) + Number(l.st.eps ?? 0) > 0) slips.push(l);
  slips.sort((a, b) => a.code.localeCompare(b.code));
  if (!slips.length) {
    const [any] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from salary_slips where run_id = ${run.id} and statutory ? 'pfEmployee'`,
    );
    throw new Conflict(
      any?.n ? 'No employee of this run contributes to PF' : 'This run was processed before PF was computed by the rules: reprocess it',
    );
  }
  return slips;
}

/** The ECR 2.0 file of a processed run; 409 when a member has no valid UAN or the run is not processed. */
export async function ecrFile(db: Db, auth: AuthContext, runId: number): Promise<{ fileName: string; text: string }> {
  const run = await loadRun(db, auth, runId);
  if (run.status === 'draft') throw new Conflict('Process the run before downloading its ECR');
  const slips = await pfMembers(db, run);
  const members: EcrMember[] = slips.map((s) => ({
    uan: s.uan ?? '',
    name: s.name,
    grossWages: BigInt(s.gross),
    pf: {
      epfWages: BigInt(s.st.epfWages),
      epsWages: BigInt(s.st.epsWages),
      edliWages: BigInt(s.st.edliWages),
      employee: BigInt(s.st.pfEmployee),
      eps: BigInt(s.st.eps),
      epf: BigInt(s.st.epf),
      edli: BigInt(s.st.edli),
    },
    // Non-contributing days are whole days: a half day of leave without pay counts as one.
    ncpDays: Math.ceil(Number(s.lwop ?? 0)),
  }));
  let text: string;
  try {
    text = buildEcr(members);
  } catch (e) {
    if (!(e instanceof EcrError)) throw e;
    const lines = e.problems.map((p) => `${slips[p.row].code} ${slips[p.row].name}: ${p.message}`);
    throw new Conflict(`The ECR cannot be built: ${lines.join('; ')}`);
  }
  return { fileName: await returnFileName(db, run, 'ECR', 'txt'), text };
}

/** The ESIC monthly contribution file of a processed run (.xlsx); 409 when a covered employee has no IP number. */
export async function esiFile(db: Db, auth: AuthContext, runId: number): Promise<{ fileName: string; file: Buffer }> {
  const run = await loadRun(db, auth, runId);
  if (run.status === 'draft') throw new Conflict('Process the run before downloading its ESI contributions');
  const rows = await esiFileRows(db, run);
  if (!rows.length)
    throw new Conflict('No employee of this run is covered by ESI (or the run was processed before ESI was computed by the rules)');
  const missing = rows.filter((r) => !r.ip || !/^\d{10}$/.test(r.ip));
  if (missing.length) {
    throw new Conflict(`The ESI file cannot be built: no 10-digit IP number for ${missing.map((r) => `${r.code} ${r.name}`).join(', ')}`);
  }
  const stream = streamXlsx({
    sheet: `ESI contributions ${MONTH_NAMES[run.month - 1].slice(0, 3)} ${run.year}`,
    columns: [
      { header: 'IP Number (10 Digits)', width: 16 },
      { header: 'IP Name ( Only alphabets and space )', width: 32 },
      { header: 'No of Days for which wages paid/payable during the month', width: 18, type: 'number' },
      { header: 'Total Monthly Wages', width: 16, type: 'money', numFmt: '0.00' },
      { header: 'Reason Code for Zero workings days(numeric only; provide 0 for all other reasons)', width: 18, type: 'number' },
      // The portal reads this column as the text its heading names (DD/MM/YYYY), not as a date cell: kept as text.
      { header: 'Last Working Day ( Format DD/MM/YYYY or DD-MM-YYYY)', width: 18 },
    ],
    rows: (async function* () {
      yield rows.map((r) => ({
        values: [
          r.ip,
          r.name
            .replace(/[^A-Za-z ]+/g, ' ')
            .replace(/\s+/g, ' ')
            .trim(),
          r.days,
          r.wages,
          r.reason,
          r.lastWorkingDay,
        ],
      }));
    })(),
  });
  const fileName = await returnFileName(db, run, 'ESI', 'xlsx');
  return { fileName, file: await collect(stream) };
}

/** A processed run's statutory totals in rupees: PF, ESI, professional tax and labour welfare fund. */
export async function runStatutoryTotals(db: Db, auth: AuthContext, runId: number): Promise<TRunStatutory> {
  const run = await loadRun(db, auth, runId);
  if (run.status === 'draft') throw new Conflict('Process the run before reading its statutory totals');
  const v = (k: string) => sql`coalesce((s.statutory->>${k})::bigint, 0)`;
  const [t] = await queryRows<Record<string, string>>(
    db,
    sql`select count(*) filter (where ${v('pfEmployee')} + ${v('epf')} + ${v('eps')} > 0)::text as "pfMembers",
          sum(${v('epfWages')})::text as "epfWages", sum(${v('pfEmployee')})::text as "pfEmployee", sum(${v('eps')})::text as eps,
          sum(${v('epf')})::text as epf, sum(${v('edli')})::text as edli,
          count(*) filter (where coalesce((s.statutory->>'esiCovered')::boolean, false))::text as "esiCovered",
          sum(${v('esiWages')}) filter (where coalesce((s.statutory->>'esiCovered')::boolean, false))::text as "esiWages",
          sum(${v('esiEmployee')})::text as "esiEmployee", sum(${v('esiEmployer')})::text as "esiEmployer",
          count(*) filter (where ${v('pt')} > 0)::text as "ptEmployees", sum(${v('pt')})::text as pt,
          count(*) filter (where ${v('lwfEmployee')} + ${v('lwfEmployer')} > 0)::text as "lwfEmployees",
          sum(${v('lwfEmployee')})::text as "lwfEmployee", sum(${v('lwfEmployer')})::text as "lwfEmployer",
          (select c.amount from pf_admin_charges c where c.run_id = ${run.id})::text as "adminCharges"
        from salary_slips s where s.run_id = ${run.id}`,
  );
  const n = (k: string) => Number(t?.[k] ?? 0);
  const rs = (k: string) => n(k) / 100;
  return {
    pf: {
      members: n('pfMembers'),
      epfWages: rs('epfWages'),
      employee: rs('pfEmployee'),
      eps: rs('eps'),
      epf: rs('epf'),
      edli: rs('edli'),
      adminCharges: t?.adminCharges == null ? null : rs('adminCharges'),
    },
    esi: { covered: n('esiCovered'), wages: rs('esiWages'), employee: rs('esiEmployee'), employer: rs('esiEmployer') },
    pt: { employees: n('ptEmployees'), amount: rs('pt') },
    lwf: { employees: n('lwfEmployees'), employee: rs('lwfEmployee'), employer: rs('lwfEmployer') },
  };
}

/**
 * The Labour Codes' wages rule on a processed run (Code on Wages s.2(y) proviso): the employees whose excluded payments
 * passed the limit and how much that raised their PF (ESI) wages, from the slips' statutory figures, with the dated
 * parameter in force for the month.
 */
export async function runWageRule(db: Db, auth: AuthContext, runId: number): Promise<TRunWageRule> {
  const run = await loadRun(db, auth, runId);
  if (run.status === 'draft') throw new Conflict('Process the run before reading its wages under the Labour Codes');
  const lastDay = new Date(Date.UTC(run.year, run.month, 0)).toISOString().slice(0, 10);
  const [row] = await queryRows<{ effectiveFrom: string; limit: string | null; source: string }>(
    db,
    sql`select to_char(effective_from, 'YYYY-MM-DD') as "effectiveFrom", data->>'excludedLimitPercent' as limit, source
        from statutory_parameters where kind = 'code_wages' and is_active and effective_from <= ${lastDay}::date
        order by effective_from desc limit 1`,
  );
  const slips = await queryRows<{
    employeeId: number;
    employeeCode: string;
    name: string;
    codeWages: string;
    addedBack: string;
    pfRaise: string | null;
    esiRaise: string | null;
  }>(
    db,
    sql`select s.employee_id as "employeeId", s.employee_code as "employeeCode", s.name,
          s.statutory->>'codeWages' as "codeWages", s.statutory->>'codeWagesAddedBack' as "addedBack",
          s.statutory->>'pfWagesRaise' as "pfRaise", s.statutory->>'esiWagesRaise' as "esiRaise"
        from salary_slips s where s.run_id = ${run.id} and s.statutory ? 'codeWages'
        order by (s.statutory->>'codeWagesAddedBack')::bigint desc, s.employee_code`,
  );
  return {
    applied: slips.length > 0,
    limitPercent: row?.limit == null ? null : Number(row.limit),
    effectiveFrom: row?.effectiveFrom ?? null,
    source: row?.source ?? null,
    slips: slips.length,
    employees: slips
      .filter((s) => Number(s.addedBack) > 0)
      .map((s) => ({
        employeeId: s.employeeId,
        employeeCode: s.employeeCode,
        name: s.name,
        codeWages: toRupees(s.codeWages),
        addedBack: toRupees(s.addedBack),
        pfWagesRaise: toRupees(s.pfRaise),
        esiWagesRaise: toRupees(s.esiRaise),
      })),
  };
}
