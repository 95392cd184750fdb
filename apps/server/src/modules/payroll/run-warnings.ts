// A processed run's warnings (issue 28): the gaps that do not stop a salary but stop what follows it — ESI applies
// (the slip is covered) and the employee has no valid ESI number, so the ESI file cannot be made; PF applies (the slip
// has a member's share) and there is no valid UAN, so the ECR cannot carry the member; the slip is paid by bank and
// its account or IFSC is missing or malformed, so the bank file is refused. One query over the run's slips, reading
// what each file reads: the ESI number as the employee's record stands (the ESI file's; fixing the record clears it),
// the UAN and bank details the slip's own (the ECR's and the bank file's: fixing needs the employee reprocessed).
// The route is in run-warning-routes.ts.
import { ESI_RE, IFSC_PATTERN, type TRunWarning, UAN_RE } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { AuthContext } from '../access/context';
import { loadRun } from './runs';

interface SlipRow extends Record<string, unknown> {
  employeeId: number;
  employeeCode: string;
  name: string;
  esiCovered: boolean;
  esiNumber: string | null;
  pfEmployee: boolean;
  uan: string | null;
  payModeId: number | null;
  account: string | null;
  ifsc: string | null;
}

export function warningsOf(r: SlipRow): TRunWarning[] {
  const out: TRunWarning[] = [];
  const who = { employeeId: r.employeeId, employeeCode: r.employeeCode, name: r.name };
  if (r.esiCovered && !(r.esiNumber && ESI_RE.test(r.esiNumber)))
    out.push({
      ...who,
      kind: 'esi',
      message: r.esiNumber
        ? `ESI applies and the ESI number "${r.esiNumber}" is not 10 or 17 digits: the ESI file cannot be made`
        : 'ESI applies and there is no ESI number: the ESI file cannot be made',
    });
  if (r.pfEmployee && !(r.uan && UAN_RE.test(r.uan)))
    out.push({
      ...who,
      kind: 'pf',
      message: `PF applies and ${r.uan ? `the UAN "${r.uan}" is not 12 digits` : 'there is no UAN'}: the ECR cannot carry it (correct the record and reprocess the employee)`,
    });
  if (r.payModeId === 2) {
    const problems: string[] = [];
    if (!r.account) problems.push('no bank account number');
    else if (!/^[0-9A-Za-z]{6,34}$/.test(r.account)) problems.push(`account number "${r.account}" is not 6 to 34 letters or digits`);
    if (!r.ifsc) problems.push('no IFSC');
    else if (!IFSC_PATTERN.test(r.ifsc)) problems.push(`IFSC "${r.ifsc}" is not four letters, a zero and six letters or digits`);
    if (problems.length)
      out.push({
        ...who,
        kind: 'bank',
        message: `Paid by bank with ${problems.join(' and ')}: the bank file is refused (correct the record and reprocess the employee)`,
      });
  }
  return out;
}

/** The warnings of the run's slips, by employee code. */
export async function runWarnings(db: Db, runId: number): Promise<TRunWarning[]> {
  const rows = await queryRows<SlipRow>(
    db,
    sql`select s.employee_id as "employeeId", s.employee_code as "employeeCode", s.name,
          coalesce((s.statutory->>'esiCovered')::boolean, false) as "esiCovered",
          nullif(trim(e.esi_number), '') as "esiNumber",
          coalesce((s.statutory->>'pfEmployee')::bigint, 0) > 0 as "pfEmployee", nullif(trim(s.uan_no), '') as uan,
          coalesce(s.pay_mode_id, e.pay_mode_id)::int as "payModeId",
          nullif(trim(case when s.pay_mode_id is null then e.bank_account_no else s.bank_account_no end), '') as account,
          nullif(trim(case when s.pay_mode_id is null then e.ifsc else s.ifsc end), '') as ifsc
        from salary_slips s join employees e on e.id = s.employee_id
        where s.run_id = ${runId}
        order by s.employee_code`,
  );
  return rows.flatMap(warningsOf);
}

/** A run's warnings with their count (404 for a run outside the caller's units). */
export async function runWarningsOf(db: Db, auth: AuthContext, runId: number) {
  const run = await loadRun(db, auth, runId);
  const rows = await runWarnings(db, run.id);
  return { count: rows.length, rows };
}
