// Demo attendance: the head office (HO-BLR) has a biometric terminal at its entrance and the Chennai branch
// (BR-CHN) punches from phones inside a geofence; both pay by attendance. Their staff get two months and this
// month (to yesterday) of believable punches: mostly on time, some late, a few absences, half days, a missed
// punch, overtime evenings, one employee on the night shift and one on a weekly pattern. The named demo
// sign-ins (manager, employee1, employee2) keep a clean record, so their seeded payslips stay the same.
// Mysuru (the third unit) keeps the calendar rule. Idempotent: nothing is added when punches exist.
import { rosterDay, type ShiftAssignment, weeklyOffsOf } from '@hr/attendance';
import { addDays, addMonths, eachDay, zonedInstant } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { biometricDevices, punches, shiftAssignments } from '../../db/schema';
import { bulkInsert } from '../../lib/bulk';
import { computeAttendance, shiftRules } from './compute';

const NAMED = new Set(['BLR0001', 'BLR0002', 'CHN0001']);

/** A number in [0, 1) from an employee and a day, the same on every run. */
function chance(employeeId: number, day: string, salt: number): number {
  let h = 2166136261 ^ salt;
  for (const c of `${employeeId}:${day}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return ((h >>> 0) % 10_000) / 10_000;
}

export async function seedAttendance(db: Db, today: string, timeZone = 'Asia/Kolkata'): Promise<void> {
  const [any] = await queryRows<{ id: number }>(db, sql`select id from punches limit 1`);
  if (any) return;
  const units = await queryRows<{ id: number; code: string }>(db, sql`select id, code from units order by id`);
  const blr = units.find((u) => u.code === 'HO-BLR');
  const chn = units.find((u) => u.code === 'BR-CHN');
  if (!blr || !chn) return;

  await db.execute(sql`update shifts set overtime_after_minutes = 30, early_grace_minutes = 10 where code in ('GEN', 'MOR', 'EVE', 'NGT')`);
  // Full day: seven and a half hours worked on the general shift, seven on the eight-hour ones (break taken).
  await db.execute(sql`update shifts set full_day_min_hours = 7.5 where code = 'GEN'`);
  await db.execute(sql`update shifts set full_day_min_hours = 7 where code in ('MOR', 'EVE', 'NGT')`);
  await db.execute(sql`update units set track_attendance = true where id in (${blr.id}, ${chn.id})`);
  await db.execute(sql`update units set geo_latitude = 13.0569, geo_longitude = 80.2425, geo_radius_m = 300 where id = ${chn.id}`);
  // Head office staff: every Sunday and the 2nd and 4th Saturday off.
  await db.execute(sql`update employees set weekly_offs = '{0,26,46}' where unit_id = ${blr.id}`);
  const [device] = await db
    .insert(biometricDevices)
    .values({ serialNumber: 'CQUJ221460001', name: 'Head office entrance', unitId: blr.id, timeZone, lastAttlogStamp: '0' })
    .onConflictDoNothing()
    .returning({ id: biometricDevices.id });

  const first = `${addMonths(today.slice(0, 7), -2)}-01`;
  const yesterday = addDays(today, -1);
  if (yesterday < first) return;
  const staff = await queryRows<{
    id: number;
    code: string;
    unitId: number;
    shiftId: number | null;
    weeklyOffs: number[];
    joined: string;
    exit: string | null;
  }>(
    db,
    sql`select id, employee_code as code, unit_id as "unitId", shift_id as "shiftId", weekly_offs as "weeklyOffs",
          date_of_joining::text as joined, exit_date::text as exit
        from employees where unit_id in (${blr.id}, ${chn.id}) order by id`,
  );
  const shiftIds = new Map(
    (await queryRows<{ id: number; code: string }>(db, sql`select id, code from shifts`)).map((s) => [s.code, s.id]),
  );
  const ngt = shiftIds.get('NGT');
  const mor = shiftIds.get('MOR');
  const eve = shiftIds.get('EVE');
  const night = staff.find((e) => e.code === 'CHN0005');
  const weekly = staff.find((e) => e.code === 'CHN0006');
  const assignments = new Map<number, ShiftAssignment[]>();
  if (night && ngt) {
    const [a] = await db
      .insert(shiftAssignments)
      .values({ employeeId: night.id, fromDate: first, kind: 'fixed', pattern: [ngt] })
      .returning({ id: shiftAssignments.id });
    assignments.set(night.id, [{ id: a.id, fromDate: first, toDate: null, kind: 'fixed', pattern: [ngt] }]);
  }
  if (weekly && mor && eve) {
    const pattern = [null, mor, mor, mor, eve, eve, eve] as (number | null)[];
    const [a] = await db
      .insert(shiftAssignments)
      .values({ employeeId: weekly.id, fromDate: first, kind: 'weekly', pattern: pattern as number[] })
      .returning({ id: shiftAssignments.id });
    assignments.set(weekly.id, [{ id: a.id, fromDate: first, toDate: null, kind: 'weekly', pattern }]);
  }
  const holidays = new Set(
    (
      await queryRows<{ day: string }>(
        db,
        sql`select holiday_date::text as day from holidays where is_active and holiday_type = 'national'
            and holiday_date between ${first}::date and ${yesterday}::date`,
      )
    ).map((h) => h.day),
  );
  const rules = await shiftRules(db);
  const rows: (typeof punches.$inferInsert)[] = [];
  const at = (day: string, minute: number) => zonedInstant(day, minute, timeZone);
  for (const e of staff) {
    const offs = weeklyOffsOf(e.weeklyOffs);
    const mine = assignments.get(e.id) ?? [];
    for (const day of eachDay(first, yesterday)) {
      if (day < e.joined || (e.exit && day > e.exit)) continue;
      const r = rosterDay(day, mine, { shiftId: e.shiftId, weeklyOffs: offs });
      if (r.isWeeklyOff || holidays.has(day)) continue;
      const shift = r.shiftId !== null ? rules.get(r.shiftId) : undefined;
      const start = shift?.startMin ?? 570;
      const end = shift?.endMin ?? 1080;
      const named = NAMED.has(e.code);
      const p = named ? 0.5 : chance(e.id, day, 1);
      const jitter = Math.floor(chance(e.id, day, 2) * 12);
      let times: number[];
      if (named) times = [start - 12 + jitter, end + 5 + jitter];
      else if (p < 0.04)
        times = []; // absent
      else if (p < 0.06)
        times = [start - 5 + jitter]; // forgot to punch out
      else if (p < 0.09)
        times = [start - 5 + jitter, start + 300 + jitter]; // half day
      else if (p < 0.19)
        times = [start + 20 + jitter * 4, end + 20 + jitter * 4]; // late, and stays on
      else if (p < 0.27)
        times = [start - 10 + jitter, end + 75 + jitter * 3]; // overtime
      else times = [start - 15 + jitter, end + jitter];
      const fromDevice = e.unitId === blr.id && device;
      for (const [i, m] of times.entries()) {
        const instant = at(day, m);
        if (fromDevice) {
          const local = new Date(instant.getTime() + 330 * 60_000).toISOString().replace('T', ' ').slice(0, 19);
          rows.push({
            employeeId: e.id,
            punchedAt: instant,
            source: 'device',
            deviceId: device.id,
            devicePin: e.code,
            deviceLocalTime: local,
            deviceStatus: i === 0 ? 0 : 1,
            verifyMode: 1,
            direction: i === 0 ? 'in' : 'out',
          });
        } else {
          // Phones at the Chennai branch; one in twenty from a customer's site, outside the geofence.
          const away = chance(e.id, day, 3) < 0.05;
          rows.push({
            employeeId: e.id,
            punchedAt: instant,
            source: 'mobile',
            direction: i === 0 ? 'in' : 'out',
            latitude: (13.0569 + (away ? 0.02 : (chance(e.id, day, 4) - 0.5) * 0.002)).toFixed(6),
            longitude: (80.2425 + (away ? 0.015 : (chance(e.id, day, 5) - 0.5) * 0.002)).toFixed(6),
            accuracyM: 8 + Math.floor(chance(e.id, day, 6) * 30),
            outsideGeofence: away,
            clientDevice: `android-${e.code.toLowerCase()}`,
            appVersion: 120,
          });
        }
      }
    }
  }
  // One terminal user not yet mapped to anyone: an administrator maps the PIN on the attendance screen.
  if (device) {
    const instant = at(yesterday, 560);
    rows.push({
      employeeId: null,
      punchedAt: instant,
      source: 'device',
      deviceId: device.id,
      devicePin: '9001',
      deviceLocalTime: new Date(instant.getTime() + 330 * 60_000).toISOString().replace('T', ' ').slice(0, 19),
      deviceStatus: 0,
      verifyMode: 1,
      direction: 'in',
    });
  }
  if (rows.length) await bulkInsert(db, punches, rows);
  for (const u of [blr.id, chn.id]) await computeAttendance(db, { unitId: u }, first, yesterday, { persist: true, today });
}
