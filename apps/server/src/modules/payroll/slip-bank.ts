// How a slip is paid is the employee's pay mode and bank details when the slip was processed (issue 26): copied onto
// the slips in one statement as the run is saved, so the bank file, the advice letter and the register pay the account
// that was approved, not one changed afterwards.
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/** Copies the employees' pay mode and bank details onto the run's slips matching `where` (SQL on s salary_slips). */
export async function snapshotBankDetails(tx: Tx, runId: number, where: SQL): Promise<void> {
  await tx.execute(
    sql`update salary_slips s set pay_mode_id = e.pay_mode_id, bank_account_no = nullif(trim(e.bank_account_no), ''),
          ifsc = nullif(upper(trim(e.ifsc)), ''), bank_name = e.bank_name, bank_branch = e.bank_branch
        from employees e where e.id = s.employee_id and s.run_id = ${runId} and ${where}`,
  );
}
