// The daily attendance rules, pure: a day's punches, shift and calendar facts in, the day's status and
// figures out. Times are whole minutes from the attendance day's local midnight (a night shift's end and
// its morning punches are above 1440). No clock, no zone, no I/O: the server converts instants to minutes.

/** A day's status code as the register prints it. */
export type DayStatus =
  | 'P' // present
  | 'A' // absent
  | 'HD' // half day present, the other half absent (leave without pay)
  | 'HL' // half day present, the other half on leave
  | 'L' // on leave (paid or not: see `lwop`)
  | 'H' // holiday
  | 'WO' // weekly off
  | 'WFH' // work from home
  | 'OD'; // on duty (outside the office, approved)

export const DAY_STATUSES: readonly DayStatus[] = ['P', 'A', 'HD', 'HL', 'L', 'H', 'WO', 'WFH', 'OD'];

export const DAY_STATUS_LABELS: Record<DayStatus, string> = {
  P: 'Present',
  A: 'Absent',
  HD: 'Half day',
  HL: 'Half day + leave',
  L: 'On leave',
  H: 'Holiday',
  WO: 'Weekly off',
  WFH: 'Work from home',
  OD: 'On duty',
};

/** A shift as the rules read it. Minutes from midnight; a night shift's end is after 1440. */
export interface ShiftRule {
  startMin: number;
  /** Greater than startMin: a night shift's end carries +1440. */
  endMin: number;
  /** Late in only after start + grace. */
  graceMin: number;
  /** Early out only before end − this. */
  earlyGraceMin: number;
  halfDayMin: number;
  fullDayMin: number;
  breakMin: number;
  /** Overtime counts once the last punch is more than this many minutes after the shift's end; null: no overtime. */
  otAfterMin: number | null;
}

/** What an approved request says of the day (from the requests area); portions are whole or half days. */
export interface DayRequests {
  /** Leave taken this day: 1 or 0.5; `paid` false for leave without pay. */
  leave?: { portion: 1 | 0.5; paid: boolean; code?: string };
  /** Work from home: 1 or 0.5. */
  wfh?: 1 | 0.5;
  /** On duty (outside work, approved): 1 or 0.5. */
  onDuty?: 1 | 0.5;
}

export interface DayInput {
  /** The shift the employee is on that day (roster, else default); null when none is known. */
  shift: ShiftRule | null;
  /** Punch times in minutes from the day's midnight, any order. */
  punches: readonly number[];
  isHoliday: boolean;
  isWeeklyOff: boolean;
  requests?: DayRequests;
}

export interface DayResult {
  status: DayStatus;
  firstIn: number | null;
  lastOut: number | null;
  /** Minutes between first in and last out, less the shift's break. */
  workedMin: number;
  lateMin: number;
  earlyMin: number;
  otMin: number;
  /** Fractions of the day (0, 0.5, 1). */
  present: number;
  leave: number;
  lwop: number;
  payable: number;
  /** One punch only: the day needs a regularisation. */
  missedPunch: boolean;
  /** Worked on a holiday or weekly off (its minutes count as overtime). */
  workedOff: boolean;
}

/** The shift used when an employee has none: 09:00–18:00, 4 h half day, 8 h full day, no grace, no overtime. */
export const GENERAL_SHIFT: ShiftRule = {
  startMin: 540,
  endMin: 1080,
  graceMin: 0,
  earlyGraceMin: 0,
  halfDayMin: 240,
  fullDayMin: 480,
  breakMin: 0,
  otAfterMin: null,
};

/** 'HH:MM' or 'HH:MM:SS' → minutes from midnight. */
export function minutesOf(time: string): number {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) throw new RangeError(`Not a time 'HH:MM': '${time}'`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Minutes from midnight → 'HH:MM' (a next-day minute shows as its clock time). */
export function clockOf(minutes: number): string {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** A shift master row as the rules read it: times 'HH:MM[:SS]', hours as decimals. */
export function shiftRuleOf(s: {
  startTime: string;
  endTime: string;
  graceMinutes: number;
  earlyGraceMinutes?: number | null;
  halfDayMinHours: number | string;
  fullDayMinHours: number | string;
  breakMinutes: number;
  overtimeAfterMinutes?: number | null;
}): ShiftRule {
  const startMin = minutesOf(s.startTime);
  let endMin = minutesOf(s.endTime);
  if (endMin <= startMin) endMin += 1440;
  return {
    startMin,
    endMin,
    graceMin: s.graceMinutes,
    earlyGraceMin: s.earlyGraceMinutes ?? 0,
    halfDayMin: Math.round(Number(s.halfDayMinHours) * 60),
    fullDayMin: Math.round(Number(s.fullDayMinHours) * 60),
    breakMin: s.breakMinutes,
    otAfterMin: s.overtimeAfterMinutes ?? null,
  };
}

/**
 * Which punches belong to a day. A day may claim punches from 6 hours before its shift starts to 18 hours
 * after; where two days' windows overlap (a night shift followed by a day shift), a punch goes to the day
 * whose shift it is nearer (distance to the span start–end; a tie goes to the earlier day). So a night
 * shift's morning punches belong to the day it started.
 */
export const WINDOW_BEFORE_START = 360;
export const WINDOW_LENGTH = 1440;

/**
 * Splits punches over consecutive days. `shifts[i]` is day i's shift (minutes from its own midnight; end
 * after start); punches are minutes from day 0's midnight. Returns each day's punches, sorted, as minutes
 * from its own midnight. Punches outside every window are left out.
 */
export function splitPunches(shifts: readonly { startMin: number; endMin: number }[], punches: readonly number[]): number[][] {
  const out: number[][] = shifts.map(() => []);
  const sorted = [...punches].sort((a, b) => a - b);
  for (const p of sorted) {
    let best = -1;
    let bestDistance = Number.POSITIVE_INFINITY;
    // A punch lies in at most two days' windows: the day of its date and the day before.
    const around = Math.floor(p / 1440);
    for (let i = Math.max(0, around - 1); i <= Math.min(shifts.length - 1, around + 1); i++) {
      const start = i * 1440 + shifts[i].startMin;
      const end = i * 1440 + shifts[i].endMin;
      if (p < start - WINDOW_BEFORE_START || p >= start - WINDOW_BEFORE_START + WINDOW_LENGTH) continue;
      const distance = p < start ? start - p : p > end ? p - end : 0;
      if (distance < bestDistance) {
        best = i;
        bestDistance = distance;
      }
    }
    if (best >= 0) out[best].push(p - best * 1440);
  }
  return out;
}

const half = (worked: number, s: ShiftRule) => (worked >= s.fullDayMin ? 1 : worked >= s.halfDayMin ? 0.5 : 0);

/** The day's status and figures. */
export function evaluateDay(input: DayInput): DayResult {
  const shift = input.shift ?? GENERAL_SHIFT;
  const punches = [...input.punches].sort((a, b) => a - b);
  const firstIn = punches.length ? punches[0] : null;
  const lastOut = punches.length > 1 ? punches[punches.length - 1] : null;
  const span = firstIn !== null && lastOut !== null ? lastOut - firstIn : 0;
  const workedMin = Math.max(0, span - shift.breakMin);
  const missedPunch = punches.length === 1;
  const base: DayResult = {
    status: 'A',
    firstIn,
    lastOut,
    workedMin,
    lateMin: 0,
    earlyMin: 0,
    otMin: 0,
    present: 0,
    leave: 0,
    lwop: 0,
    payable: 0,
    missedPunch,
    workedOff: false,
  };
  const req = input.requests ?? {};

  // A holiday or weekly off is paid whatever else happens; work on it is overtime, and leave is not taken.
  if (input.isHoliday || input.isWeeklyOff) {
    const workedOff = workedMin >= shift.halfDayMin;
    return { ...base, status: input.isHoliday ? 'H' : 'WO', payable: 1, workedOff, otMin: workedOff ? workedMin : 0 };
  }

  const leave = req.leave?.portion ?? 0;
  const leavePaid = req.leave?.paid ?? true;
  const away = Math.max(req.wfh ?? 0, req.onDuty ?? 0); // worked, but not at a terminal
  if (leave === 1) {
    return { ...base, status: 'L', leave: 1, lwop: leavePaid ? 0 : 1, payable: leavePaid ? 1 : 0 };
  }
  if (away === 1) {
    return { ...base, status: req.onDuty === 1 ? 'OD' : 'WFH', present: 1, payable: 1 };
  }

  // From the punches: the part of the day not on leave must be worked.
  let present: number = half(workedMin, shift);
  if (away === 0.5) present = Math.min(1, present + 0.5);
  if (leave === 0.5) present = Math.min(present, 0.5);
  const lwop = Math.max(0, 1 - leave - present) + (leave && !leavePaid ? leave : 0);
  const payable = Math.max(0, 1 - lwop);
  let status: DayStatus;
  if (leave === 0.5) status = present >= 0.5 ? 'HL' : 'L';
  else status = present >= 1 ? 'P' : present === 0.5 ? 'HD' : 'A';

  let lateMin = 0;
  let earlyMin = 0;
  let otMin = 0;
  if (present > 0 && firstIn !== null) {
    // Half the day on leave or away (which half is not known): coming late or leaving early is allowed.
    const halfAway = leave === 0.5 || away === 0.5;
    if (!halfAway && firstIn > shift.startMin + shift.graceMin) lateMin = firstIn - shift.startMin;
    if (!halfAway && lastOut !== null && lastOut < shift.endMin - shift.earlyGraceMin) earlyMin = shift.endMin - lastOut;
    if (lastOut !== null && shift.otAfterMin !== null && lastOut - shift.endMin > shift.otAfterMin) otMin = lastOut - shift.endMin;
  }
  return { ...base, status, present, leave, lwop, payable, lateMin, earlyMin, otMin };
}

/** A month's (or any range's) figures from its days: what payroll reads. */
export interface PeriodSummary {
  days: number;
  presentDays: number;
  payableDays: number;
  lwopDays: number;
  leaveDays: number;
  absentDays: number;
  holidays: number;
  weeklyOffs: number;
  lateCount: number;
  earlyCount: number;
  otMinutes: number;
  /** Overtime in hours, to two decimals. */
  otHours: number;
}

export function summarize(days: readonly DayResult[]): PeriodSummary {
  const s: PeriodSummary = {
    days: days.length,
    presentDays: 0,
    payableDays: 0,
    lwopDays: 0,
    leaveDays: 0,
    absentDays: 0,
    holidays: 0,
    weeklyOffs: 0,
    lateCount: 0,
    earlyCount: 0,
    otMinutes: 0,
    otHours: 0,
  };
  for (const d of days) {
    s.presentDays += d.present;
    s.payableDays += d.payable;
    s.lwopDays += d.lwop;
    s.leaveDays += d.leave;
    if (d.status === 'A') s.absentDays += 1;
    else if (d.status === 'HD' || (d.status === 'L' && d.leave === 0.5)) s.absentDays += 0.5; // half on leave, half absent
    if (d.status === 'H') s.holidays++;
    if (d.status === 'WO') s.weeklyOffs++;
    if (d.lateMin > 0) s.lateCount++;
    if (d.earlyMin > 0) s.earlyCount++;
    s.otMinutes += d.otMin;
  }
  s.otHours = Math.round((s.otMinutes / 60) * 100) / 100;
  return s;
}

/** How far back a punch in can be and its employee still be at work: the longest shift with its overtime. */
export const AT_WORK_WITHIN_MS = 16 * 3_600_000;

/**
 * Whether someone is at work at `now` (epoch ms) from their punches: the latest punch of the last 16 hours is an in
 * (a night shift's in from yesterday evening counts, this morning's out of it does not); a latest punch without a
 * direction (a terminal that sends none) counts by the parity of the punches in those hours. The one rule for the
 * manager's day view (the server) and the punch button's suggestion (the browser).
 */
export function atWork(punches: readonly { at: number; direction: 'in' | 'out' | null }[], now: number): boolean {
  let last: { at: number; direction: 'in' | 'out' | null } | null = null;
  let n = 0;
  for (const p of punches) {
    if (p.at <= now - AT_WORK_WITHIN_MS || p.at > now) continue;
    n++;
    if (!last || p.at >= last.at) last = p;
  }
  if (!last) return false;
  return last.direction === null ? n % 2 === 1 : last.direction === 'in';
}
