// The month lock: a salary run's states, which of them fix the month's pay, and the one way every area asks.
// A month whose run is final (approved or locked) is never rewritten: attendance refuses changes (409) and keeps
// late punches apart, payroll pays differences as arrears in the next open month.
import { RUN_STATUSES, type TRunStatus } from '@hr/contract';
import { type SQL, sql } from 'drizzle-orm';

/** Every state of a salary run, in order, and whether the month's pay is fixed in it. */
export const RUN_STATES: Record<TRunStatus, { isFinal: boolean }> = {
  draft: { isFinal: false },
  processing: { isFinal: false },
  processed: { isFinal: false },
  approved: { isFinal: true },
  locked: { isFinal: true },
};

/** The states in which a month's pay is fixed. */
export const FINAL_RUN_STATUSES: readonly TRunStatus[] = RUN_STATUSES.filter((s) => RUN_STATES[s].isFinal);

export function isFinalRunStatus(status: string | null | undefined): boolean {
  return !!status && (FINAL_RUN_STATUSES as readonly string[]).includes(status);
}

const finalList = sql.raw(`(${FINAL_RUN_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/** SQL: the run status `column` (e.g. sql`r.status`) is final. */
export function finalStatus(column: SQL): SQL {
  return sql`${column} in ${finalList}`;
}

/** SQL: the run aliased `r` is final. */
export const FINAL_RUN = finalStatus(sql`r.status`);
