// A change that reaches days of a month whose salary is approved or locked (leave approved or cancelled afterwards, a
// correction approved afterwards) leaves those days as stored; payroll registers here how the difference reaches pay
// (modules/payroll/lop.ts: a loss-of-pay adjustment in the next open month). Areas below payroll call
// `frozenDaysChanged` in the transaction of the change.
import type { IsoDate } from '@hr/calendar';
import type { Tx } from '../../db/client';
import { dayKey, frozenEmployeeDays } from './frozen';

export interface FrozenChange {
  employeeId: number;
  from: IsoDate;
  to: IsoDate;
  /** What changed, kept on the adjustment line ("Leave request #12 approved"). */
  reason: string;
}

type Listener = (tx: Tx, change: FrozenChange) => Promise<void>;
let listener: Listener | null = null;

export function registerFrozenChangeListener(l: Listener) {
  listener = l;
}

/** Tells payroll that days of the range may have changed for the employee; nothing happens when none is frozen. */
export async function frozenDaysChanged(tx: Tx, change: FrozenChange): Promise<void> {
  if (!listener) return;
  await listener(tx, change);
}

/** Whether any day of the range is frozen for the employee (one statement). */
export async function anyFrozen(tx: Tx, employeeId: number, from: IsoDate, to: IsoDate): Promise<boolean> {
  const days: { employeeId: number; day: IsoDate }[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + 1)) {
    days.push({ employeeId, day: d.toISOString().slice(0, 10) as IsoDate });
  }
  const frozen = await frozenEmployeeDays(tx, days);
  return days.some((d) => frozen.has(dayKey(d.employeeId, d.day)));
}
