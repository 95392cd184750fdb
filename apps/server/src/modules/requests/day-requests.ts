// Approved leave and work from home as daily attendance reads them (registered by the module as its day-requests reader).
import { type DayRequests, leaveDates } from '@hr/attendance';
import { eachDay, type IsoDate } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { DayRequestsReader } from '../attendance/compute';
import type { ListRow } from './lists';
import { offDays } from './off-days';
import { dateInput } from './request-rules';

/**
 * Approved leave and work from home per employee and day, as the attendance rules read them. A half day at either
 * end is half; of a leave partly without pay, the last days are unpaid (as the request was split when approved).
 */
export const readDayRequests: DayRequestsReader = async (db, employeeIds, from, to) => {
  const out = new Map<number, Map<IsoDate, DayRequests>>();
  if (employeeIds.length === 0) return out;
  const rows = await queryRows<
    Pick<ListRow, 'employeeId' | 'kind' | 'fromDate' | 'toDate' | 'halfDayStart' | 'halfDayEnd' | 'days' | 'lwopDays' | 'isPaid'> & {
      sandwich: boolean | null;
      code: string | null;
    }
  >(
    db,
    sql`select r.employee_id as "employeeId", r.kind, r.from_date::text as "fromDate", r.to_date::text as "toDate",
          r.half_day_start as "halfDayStart", r.half_day_end as "halfDayEnd", r.days::float8 as days, r.lwop_days::float8 as "lwopDays",
          lt.is_paid as "isPaid", lt.sandwich, lt.code
        from requests r left join leave_types lt on lt.id = r.leave_type_id
        where r.status = 'approved' and r.kind in ('leave', 'wfh') and r.employee_id = any(${`{${employeeIds.join(',')}}`}::int[])
          and r.from_date <= ${to}::date and r.to_date >= ${from}::date
        order by r.id`,
  );
  for (const r of rows) {
    const byDay = out.get(r.employeeId) ?? new Map<IsoDate, DayRequests>();
    out.set(r.employeeId, byDay);
    const last = r.toDate < to ? r.toDate : to;
    if (r.kind === 'wfh') {
      for (const day of eachDay(r.fromDate > from ? r.fromDate : from, last)) {
        const half = (day === r.fromDate && r.halfDayStart) || (day === r.toDate && r.halfDayEnd);
        byDay.set(day, { ...byDay.get(day), wfh: half ? 0.5 : 1 });
      }
      continue;
    }
    // Which days are unpaid: all (an unpaid type), none, or the last `lwopDays` of the days the request takes.
    let unpaid: Set<IsoDate> | 'all' | null = r.isPaid === false || r.lwopDays >= r.days ? 'all' : r.lwopDays > 0 ? new Set() : null;
    if (unpaid instanceof Set) {
      const off = await offDays(db, r.employeeId, r.fromDate, r.toDate);
      const dates = leaveDates({ ...dateInput(r), isOff: (d) => off.has(d), sandwich: r.sandwich ?? false });
      let left = r.lwopDays;
      for (let i = dates.length - 1; i >= 0 && left > 0; i--) {
        unpaid.add(dates[i].day);
        left -= dates[i].portion;
      }
      if (unpaid.size === 0) unpaid = null;
    }
    for (const day of eachDay(r.fromDate > from ? r.fromDate : from, last)) {
      const half = (day === r.fromDate && r.halfDayStart) || (day === r.toDate && r.halfDayEnd);
      const paid = unpaid === null ? true : unpaid === 'all' ? false : !unpaid.has(day);
      byDay.set(day, { ...byDay.get(day), leave: { portion: half ? 0.5 : 1, paid, code: r.code ?? undefined } });
    }
  }
  return out;
};
