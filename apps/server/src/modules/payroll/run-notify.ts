// Who hears about a salary run's approval: the unit's salary approvers of the level it waits for (when it is
// submitted, resubmitted or passes a level), and whoever processed it when it is approved or sent back. In-app (the
// bell) and by e-mail when the server sends mail — the one notification mechanism (requests/notify.ts).
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { notify } from '../requests/notify';

type RunFacts = { id: number; unitId: number; year: number; month: number };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

async function runTitle(db: Db | Tx, run: RunFacts): Promise<string> {
  const [u] = await queryRows<{ name: string; offCycle: boolean }>(
    db,
    sql`select u.name, r.parent_run_id is not null as "offCycle" from payroll_runs r join units u on u.id = r.unit_id where r.id = ${run.id}`,
  );
  return `${u?.offCycle ? 'off-cycle salary' : 'salary'} of ${u?.name ?? 'the unit'} for ${MONTHS[run.month - 1]} ${run.year}`;
}

/** The users mapped as the unit's salary approvers at `level` (active), never the makers given. */
async function approversAt(db: Db | Tx, unitId: number, level: number, except: readonly number[]): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select distinct m.user_id as id from unit_salary_approvers m join users u on u.id = m.user_id
        where m.unit_id = ${unitId} and m.level = ${level} and m.is_active and u.is_active
          and not (m.user_id = any(${`{${except.join(',') || 0}}`}::int[]))`,
  );
  return rows.map((r) => r.id);
}

/** The run waits for `level`: its approvers are told. */
export async function notifyRunWaiting(db: Db | Tx, run: RunFacts, level: number, levels: number, makers: readonly number[]) {
  const title = await runTitle(db, run);
  await notify(db, await approversAt(db, run.unitId, level, makers), {
    title: `Salary run waiting for your approval`,
    body: `The ${title} waits for your approval${levels > 1 ? ` (level ${level} of ${levels})` : ''}.`,
    link: MENU.salaryProcess,
  });
}

/** The run was approved (every level) or sent back: whoever processed it is told, with the approver's remark. */
export async function notifyRunDecided(
  db: Db | Tx,
  run: RunFacts,
  outcome: 'approved' | 'sent back',
  actorName: string,
  makers: readonly number[],
  remark: string | null,
) {
  const title = await runTitle(db, run);
  await notify(db, makers, {
    title: outcome === 'approved' ? 'Salary run approved' : 'Salary run sent back',
    body: `The ${title} was ${outcome} by ${actorName}.${remark ? ` ${remark}` : ''}`,
    link: MENU.salaryProcess,
  });
}
