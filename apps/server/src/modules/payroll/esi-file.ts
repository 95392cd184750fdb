// The rows of the ESIC monthly contribution file of a processed run (the portal's "MC Excel" upload): one per insured
// person the run covers — IP number, name, days for which wages were paid, total wages, the reason code for zero
// days or leaving, and the last working day where the reason needs one. As ESIC's user manual for filing the monthly
// contribution says: days are whole numbers, fractions rounded up to the next integer; reason codes (numeric) 0
// without reason, 1 on leave, 2 left service, 3 retired, 4 out of coverage (valid only for the wage periods April and
// October), 5 expired, 6 non-implemented area, 7 compliance by immediate employer, 8 suspension of work, 9
// strike/lockout, 10 retrenchment, 11 no work, 12 doesn't belong to this employer, 13 duplicate IP; the last working
// day is given for 2, 3, 4, 5, 6 and 10 and left blank otherwise.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { settledLeavers } from './settled-leavers';

export const ESI_REASONS: Record<number, string> = {
  0: 'Without reason',
  1: 'On leave',
  2: 'Left service',
  3: 'Retired',
  4: 'Out of coverage',
  5: 'Expired',
  6: 'Non-implemented area',
  7: 'Compliance by immediate employer',
  8: 'Suspension of work',
  9: 'Strike / lockout',
  10: 'Retrenchment',
  11: 'No work',
  12: "Doesn't belong to this employer",
  13: 'Duplicate IP',
};
/** The reasons that need the last working day. */
export const ESI_REASONS_WITH_LAST_DAY = new Set([2, 3, 4, 5, 6, 10]);

export interface EsiFileRow {
  code: string;
  name: string;
  ip: string | null;
  days: number;
  /** Paise. */
  wages: number;
  reason: number;
  /** DD/MM/YYYY, only for the reasons that need it. */
  lastWorkingDay: string | null;
}

/** The reason for an employee leaving service in the month, from the separation's type or the exit reason's words. */
export function leavingReason(separationType: string | null, exitReason: string | null): number {
  if (separationType === 'retirement') return 3;
  if (separationType === 'death') return 5;
  const words = (exitReason ?? '').toLowerCase();
  if (!separationType) {
    if (/retire|superannuat/.test(words)) return 3;
    if (/death|died|expired|deceased|demise/.test(words)) return 5;
  }
  if (/retrench/.test(words)) return 10;
  return 2;
}

/**
 * The reason code and last working day of a covered employee's row: leaving in the month (2, 3, 5 or 10, with the
 * exit date), else no paid day (1, on leave), else 0.
 */
export function esiReason(
  r: { days: number; exitDate: string | null; separationType: string | null; exitReason: string | null },
  ym: string,
): { reason: number; lastWorkingDay: string | null } {
  if (r.exitDate && r.exitDate.slice(0, 7) === ym) {
    const reason = leavingReason(r.separationType, r.exitReason);
    return { reason, lastWorkingDay: `${r.exitDate.slice(8, 10)}/${r.exitDate.slice(5, 7)}/${r.exitDate.slice(0, 4)}` };
  }
  return { reason: r.days === 0 ? 1 : 0, lastWorkingDay: null };
}

/**
 * The file's rows for a run, in employee code order: the employees the run covers (days rounded up), and in April and
 * October — the first months of ESI's contribution periods — those covered the month before whom the run no longer
 * covers (wages above the ceiling at the period's start): 0 days, reason 4, the period's last day as the last working day.
 */
export async function esiFileRows(db: Db, run: { id: number; unitId: number; year: number; month: number }): Promise<EsiFileRow[]> {
  const ym = `${run.year}-${String(run.month).padStart(2, '0')}`;
  const rows = await queryRows<{
    code: string;
    name: string;
    ip: string | null;
    days: string;
    wages: string;
    covered: boolean;
    exitDate: string | null;
    exitReason: string | null;
    separationType: string | null;
  }>(
    db,
    sql`select s.employee_code as code, s.name, nullif(trim(e.esi_number), '') as ip,
          coalesce(s.attendance->>'payableDays', '0') as days, coalesce(s.statutory->>'esiWages', '0') as wages,
          coalesce((s.statutory->>'esiCovered')::boolean, false) as covered,
          to_char(e.exit_date, 'YYYY-MM-DD') as "exitDate", e.exit_reason as "exitReason",
          (select x.type from separations x where x.employee_id = e.id and x.status = 'approved'
            order by x.last_day desc limit 1) as "separationType"
        from salary_slips s join employees e on e.id = s.employee_id
        where s.run_id = ${run.id}
          and (e.exit_date is null or to_char(e.exit_date, 'YYYY-MM') >= ${ym})
          and (coalesce((s.statutory->>'esiCovered')::boolean, false)
            or (${run.month} in (4, 10) and exists (
              select 1 from salary_slips p join payroll_runs pr on pr.id = p.run_id
              where p.employee_id = s.employee_id and coalesce((p.statutory->>'esiCovered')::boolean, false)
                and pr.year * 12 + pr.month = ${run.year * 12 + run.month - 1})))
        order by s.employee_code`,
  );
  const periodEnd = run.month === 4 ? `31/03/${run.year}` : `30/09/${run.year}`;
  const out: EsiFileRow[] = rows.map((r) => {
    if (!r.covered) return { code: r.code, name: r.name, ip: r.ip, days: 0, wages: 0, reason: 4, lastWorkingDay: periodEnd };
    const days = Math.ceil(Number(r.days));
    return { code: r.code, name: r.name, ip: r.ip, days, wages: Number(r.wages), ...esiReason({ ...r, days }, ym) };
  });
  // Leavers whose full and final settlement paid the month: their days and wages from it, the reason they left.
  for (const l of await settledLeavers(db, run)) {
    if (!l.st.esiCovered) continue;
    const days = Math.ceil(Number(l.days));
    out.push({ code: l.code, name: l.name, ip: l.ip, days, wages: Number(l.st.esiWages ?? 0), ...esiReason({ ...l, days }, ym) });
  }
  return out.sort((a, b) => a.code.localeCompare(b.code));
}
