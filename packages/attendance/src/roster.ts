// Which shift an employee is on for a day, and whether the day is a weekly off: from shift assignments
// (one shift, a weekly pattern or a rotation over N days, each for a date range), the employee's weekly
// offs and default shift. Pure; dates are ISO strings.
import { diffDays, type IsoDate, isWeeklyOff, type Weekday, type WeeklyOff, type WeekOfMonth, weekday } from '@hr/calendar';

export type AssignmentKind = 'fixed' | 'weekly' | 'rotation';

export interface ShiftAssignment {
  id: number;
  fromDate: IsoDate;
  /** Inclusive; null: open-ended. */
  toDate: IsoDate | null;
  kind: AssignmentKind;
  /**
   * fixed: [shiftId]; weekly: 7 entries Sunday…Saturday; rotation: N entries from `fromDate` on.
   * A null entry is a day off (the pattern's own weekly off).
   */
  pattern: readonly (number | null)[];
}

export interface RosterDay {
  /** The shift of the day; null when none is known (no assignment and no default). */
  shiftId: number | null;
  isWeeklyOff: boolean;
  /** Which assignment said so; null: the employee's default shift and weekly offs. */
  assignmentId: number | null;
}

/**
 * The day's shift and weekly off. The latest assignment (highest id) covering the day wins. A fixed
 * assignment keeps the employee's weekly offs; a weekly pattern or a rotation brings its own (its null entries).
 */
export function rosterDay(
  date: IsoDate,
  assignments: readonly ShiftAssignment[],
  defaults: { shiftId: number | null; weeklyOffs: readonly WeeklyOff[] },
): RosterDay {
  let a: ShiftAssignment | undefined;
  for (const x of assignments) {
    if (x.fromDate <= date && (x.toDate === null || date <= x.toDate) && (!a || x.id > a.id)) a = x;
  }
  if (!a) return { shiftId: defaults.shiftId, isWeeklyOff: isWeeklyOff(date, defaults.weeklyOffs), assignmentId: null };
  if (a.kind === 'fixed') {
    return { shiftId: a.pattern[0] ?? defaults.shiftId, isWeeklyOff: isWeeklyOff(date, defaults.weeklyOffs), assignmentId: a.id };
  }
  const entry = a.kind === 'weekly' ? a.pattern[weekday(date)] : a.pattern[diffDays(a.fromDate, date) % a.pattern.length];
  if (entry === null || entry === undefined) return { shiftId: defaults.shiftId, isWeeklyOff: true, assignmentId: a.id };
  return { shiftId: entry, isWeeklyOff: false, assignmentId: a.id };
}

/** Checks an assignment's pattern: its length for the kind, and at least one working day. */
export function patternProblem(kind: AssignmentKind, pattern: readonly (number | null)[]): string | null {
  if (kind === 'fixed' && (pattern.length !== 1 || pattern[0] === null)) return 'A fixed assignment names exactly one shift';
  if (kind === 'weekly' && pattern.length !== 7) return 'A weekly pattern has 7 entries, Sunday to Saturday';
  if (kind === 'rotation' && (pattern.length < 2 || pattern.length > 62)) return 'A rotation has 2 to 62 days';
  if (!pattern.some((p) => p !== null)) return 'The pattern has no working day';
  return null;
}

// An employee's weekly offs are stored as small integers: 0–6 is that weekday every week (0 Sunday);
// 10·w + d is the w-th (1–5) occurrence of weekday d in the month, and 60 + d its last: 26 and 46 are the
// second and fourth Saturday.

/** Stored codes → patterns: [0, 26, 46] → every Sunday, the 2nd and 4th Saturday. Unknown codes are refused. */
export function weeklyOffsOf(codes: readonly number[]): WeeklyOff[] {
  const every = new Set<number>();
  const some = new Map<number, WeekOfMonth[]>();
  for (const c of codes) {
    if (!weeklyOffCodeValid(c)) throw new RangeError(`Not a weekly-off code: ${c}`);
    if (c < 7) every.add(c);
    else {
      const d = c % 10;
      const w = Math.floor(c / 10);
      const list = some.get(d) ?? [];
      list.push(w === 6 ? 'last' : (w as WeekOfMonth));
      some.set(d, list);
    }
  }
  const out: WeeklyOff[] = [...every].map((d) => ({ weekday: d as Weekday }));
  for (const [d, weeks] of some) if (!every.has(d)) out.push({ weekday: d as Weekday, weeksOfMonth: weeks });
  return out;
}

export function weeklyOffCodeValid(c: number): boolean {
  if (!Number.isInteger(c) || c < 0) return false;
  if (c < 7) return true;
  const d = c % 10;
  const w = Math.floor(c / 10);
  return d <= 6 && w >= 1 && w <= 6;
}

const ORDINAL = ['', '1st', '2nd', '3rd', '4th', '5th', 'last'];
const DAY = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Plain words: [0, 26, 46] → 'Sunday; 2nd and 4th Saturday'. */
export function describeWeeklyOffs(codes: readonly number[]): string {
  const parts: string[] = [];
  for (const p of weeklyOffsOf(codes)) {
    if (!p.weeksOfMonth?.length) parts.push(DAY[p.weekday]);
    else {
      const w = p.weeksOfMonth.map((x) => ORDINAL[x === 'last' ? 6 : x]);
      parts.push(`${w.length > 1 ? `${w.slice(0, -1).join(', ')} and ${w[w.length - 1]}` : w[0]} ${DAY[p.weekday]}`);
    }
  }
  return parts.join('; ') || 'None';
}

const DAY_WORDS: Record<string, number> = {
  sun: 0,
  sunday: 0,
  mon: 1,
  monday: 1,
  tue: 2,
  tues: 2,
  tuesday: 2,
  wed: 3,
  wednesday: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  thursday: 4,
  fri: 5,
  friday: 5,
  sat: 6,
  saturday: 6,
};
const SHORT_DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
/** A weekday word: its name, a usual short form, or anything starting with its first three letters ('Sundays'). */
function dayOf(word: string): number | undefined {
  const w = word.replace(/\.$/, '');
  const exact = DAY_WORDS[w];
  if (exact !== undefined) return exact;
  const i = w.length >= 3 ? SHORT_DAYS.indexOf(w.slice(0, 3)) : -1;
  return i < 0 ? undefined : i;
}
const WEEK_WORDS: Record<string, number> = {
  '1': 1,
  '1st': 1,
  first: 1,
  '2': 2,
  '2nd': 2,
  second: 2,
  '3': 3,
  '3rd': 3,
  third: 3,
  '4': 4,
  '4th': 4,
  fourth: 4,
  '5': 5,
  '5th': 5,
  fifth: 5,
  last: 6,
};

/**
 * Weekly offs as people write them → stored codes, or a sentence saying what is wrong. Items are separated
 * by commas or semicolons: 'Sun', 'Sunday', '2nd Sat', 'last Fri', '2nd and 4th Sat', '2nd & 4th Saturday'.
 * 'Sun, 2nd Sat, 4th Sat' → [0, 26, 46]. A weekday named every week absorbs its occurrences. Blank → [].
 */
export function parseWeeklyOffs(text: string): number[] | string {
  const codes = new Set<number>();
  /** Occurrences written before a comma ('1st, 3rd and 5th Sat'): they belong to the next weekday. */
  let pending: number[] = [];
  let pendingText = '';
  for (const rawItem of text.split(/[,;]+/)) {
    const item = rawItem.trim().toLowerCase().replace(/\s+/g, ' ');
    if (!item) continue;
    const words = item.split(/\s*(?:&|\+|\/|\band\b)\s*|\s+/).filter(Boolean);
    const onlyWeeks = words.filter((w) => WEEK_WORDS[w] === undefined).length === 0;
    if (onlyWeeks) {
      pending.push(...words.map((w) => WEEK_WORDS[w]));
      pendingText = rawItem.trim();
      continue;
    }
    const days = words.map(dayOf);
    if (!pending.length && days.every((d) => d !== undefined)) {
      // 'Sun', 'Sunday', or plain names without commas ('Sun Sat', 'Sun/Sat') as the old column took them.
      for (const d of days) codes.add(d as number);
      continue;
    }
    const day = days[days.length - 1];
    if (day === undefined) return `'${rawItem.trim()}': name a weekday (Sun, Mon, … Sat), e.g. 'Sun' or '2nd Sat'`;
    const weeks = words.slice(0, -1).filter((w) => w !== 'every' && w !== 'all' && w !== 'of' && w !== 'the');
    if (!weeks.length && !pending.length) {
      codes.add(day);
      continue;
    }
    for (const w of weeks) {
      const n = WEEK_WORDS[w];
      if (n === undefined) return `'${rawItem.trim()}': write 1st, 2nd, 3rd, 4th, 5th or last before the weekday`;
      pending.push(n);
    }
    for (const n of pending) codes.add(10 * n + day);
    pending = [];
  }
  if (pending.length) return `'${pendingText}': name the weekday after it, e.g. '2nd Sat'`;
  const every = [...codes].filter((c) => c < 7);
  return [...codes].filter((c) => c < 7 || !every.includes(c % 10)).sort((a, b) => a - b);
}
