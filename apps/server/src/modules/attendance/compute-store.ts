// Writing worked-out days: only the rows whose figures changed, never a day marked by hand or of a frozen month.
import type { DayResult } from '@hr/attendance';
import { zonedInstant } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { dailyAttendance } from '../../db/schema';
import { bulkUpsert } from '../../lib/bulk';
import type { ComputedDay, EmployeeDays, StoredDay } from './compute-context';

/** Days of employees by position in a range: employee id → an array as long as the range (a hole: no day). */
export type DayTable<T> = Map<number, (T | undefined)[]>;

export function fromStored(s: StoredDay): Omit<ComputedDay, 'day' | 'frozen'> {
  return {
    status: s.status as DayResult['status'],
    firstIn: s.firstIn,
    lastOut: s.lastOut,
    workedMin: s.workedMin,
    lateMin: s.lateMin,
    earlyMin: s.earlyMin,
    otMin: s.otMin,
    present: s.present,
    leave: s.leave,
    lwop: s.lwop,
    payable: s.payable,
    missedPunch: s.missedPunch,
    workedOff: (s.status === 'H' || s.status === 'WO') && s.otMin > 0,
    shiftId: s.shiftId,
    isManual: s.isManual,
  };
}

/** Does a stored (not manual) row already hold what was worked out for its day? */
function sameAsStored(s: StoredDay, unitId: number, d: ComputedDay): boolean {
  return (
    s.unitId === unitId &&
    s.shiftId === d.shiftId &&
    s.status === d.status &&
    s.firstIn === d.firstIn &&
    s.lastOut === d.lastOut &&
    s.workedMin === d.workedMin &&
    s.lateMin === d.lateMin &&
    s.earlyMin === d.earlyMin &&
    s.otMin === d.otMin &&
    s.present === d.present &&
    s.leave === d.leave &&
    s.lwop === d.lwop &&
    s.payable === d.payable &&
    s.missedPunch === d.missedPunch
  );
}

/**
 * Writes the worked-out days through the one bulk writer (lib/bulk.ts: one upsert statement), and only the rows
 * whose figures changed (compared with the rows `computeAttendance` read already): recomputing a month where one
 * punch arrived writes one row, not the month. A row marked by hand meanwhile is never overwritten.
 */
export async function storeDays(
  db: Db | Tx,
  out: readonly EmployeeDays[],
  tz: string,
  stored: DayTable<StoredDay>,
  dayIndex: ReadonlyMap<string, number>,
): Promise<void> {
  const rows: (typeof dailyAttendance.$inferInsert)[] = [];
  // Which rows are days not stored yet (the context read every stored day of the range).
  const fresh: boolean[] = [];
  const now = new Date();
  // Each date's midnight once (zonedInstant formats the instant twice: a month of a unit wrote 15,500 rows).
  const midnights = new Map<string, number>();
  const midnightOf = (day: string) => {
    let m = midnights.get(day);
    if (m === undefined) {
      m = zonedInstant(day, 0, tz).getTime();
      midnights.set(day, m);
    }
    return m;
  };
  for (const e of out) {
    const mine = stored.get(e.employeeId);
    for (const d of e.days) {
      if (d.isManual || d.frozen) continue;
      const s = mine?.[dayIndex.get(d.day) ?? -1];
      if (s && (s.isManual || sameAsStored(s, e.unitId, d))) continue;
      const midnight = d.firstIn !== null || d.lastOut !== null ? midnightOf(d.day) : 0;
      fresh.push(!s);
      rows.push({
        employeeId: e.employeeId,
        day: d.day,
        unitId: e.unitId,
        shiftId: d.shiftId,
        status: d.status,
        firstIn: d.firstIn === null ? null : new Date(midnight + d.firstIn * 60_000),
        lastOut: d.lastOut === null ? null : new Date(midnight + d.lastOut * 60_000),
        workedMinutes: d.workedMin,
        lateMinutes: d.lateMin,
        earlyMinutes: d.earlyMin,
        otMinutes: d.otMin,
        present: String(d.present),
        leave: String(d.leave),
        lwop: String(d.lwop),
        payable: String(d.payable),
        missedPunch: d.missedPunch,
        isManual: false,
        computedAt: now,
      });
    }
  }
  if (rows.length === 0) return;
  await bulkUpsert(db, dailyAttendance, rows, {
    target: ['employeeId', 'day'],
    set: [
      'unitId',
      'shiftId',
      'status',
      'firstIn',
      'lastOut',
      'workedMinutes',
      'lateMinutes',
      'earlyMinutes',
      'otMinutes',
      'present',
      'leave',
      'lwop',
      'payable',
      'missedPunch',
      'computedAt',
    ],
    where: sql`${dailyAttendance.isManual} = false`,
    // The employees referenced are checked in one statement, not an internal query a row (a device batch's new days).
    foreignKeysOnce: true,
    // Days not stored yet go by COPY on PGlite (a new month of a unit: 15,500 rows), the others through the upsert.
    absent: (_, i) => fresh[i],
  });
}
