// What happens when statutory parameter rows are added (issue 25). The statutory module sits below payroll (the
// module order forbids it to import payroll), so payroll registers here what a new row sets off — a PF row that
// reaches back into approved or locked months raises their statutory arrears at once
// (payroll/statutory-arrears.ts) — and the statutory admin API calls `parameterRowsAdded` after the row's
// transaction has committed. Listeners are kept by name, so a second setup (tests build several apps) replaces
// rather than repeats one.
import type { Db } from '../../db/client';

export interface ParameterRowsAdded {
  /** The kinds of the rows added ('pf', 'esi', …). */
  kinds: readonly string[];
  /** The earliest effective date among them ('YYYY-MM-DD'). */
  effectiveFrom: string;
  /** Who added them (the arrears are requested in that user's name). */
  userId: number;
}

type Listener = (db: Db, change: ParameterRowsAdded) => Promise<unknown>;

const listeners = new Map<string, Listener>();

/** Registers what a module does when parameter rows are added (called from a manifest's setup). */
export function onParameterRowsAdded(name: string, listener: Listener): void {
  listeners.set(name, listener);
}

/**
 * Tells the registered listeners that rows were added; runs after the rows' transaction committed, each listener
 * in its own transactions. A listener that fails does not undo the rows: its failure is logged (the arrears are
 * raised again at the next start or with the raise action).
 */
export async function parameterRowsAdded(
  db: Db,
  change: ParameterRowsAdded,
  log: { error: (obj: object, msg: string) => void },
): Promise<void> {
  for (const [name, listener] of listeners) {
    try {
      await listener(db, change);
    } catch (err) {
      log.error({ err }, `What follows added statutory parameter rows (${name}) failed`);
    }
  }
}
