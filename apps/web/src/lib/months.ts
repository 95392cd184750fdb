/** The month picker's options: ids 1–12 with English full month names (spec). */
export const MONTHS = [
  { id: 1, name: 'January' },
  { id: 2, name: 'February' },
  { id: 3, name: 'March' },
  { id: 4, name: 'April' },
  { id: 5, name: 'May' },
  { id: 6, name: 'June' },
  { id: 7, name: 'July' },
  { id: 8, name: 'August' },
  { id: 9, name: 'September' },
  { id: 10, name: 'October' },
  { id: 11, name: 'November' },
  { id: 12, name: 'December' },
] as const;

export type MonthId = (typeof MONTHS)[number]['id'];

export function monthName(id: number): string {
  return MONTHS.find((m) => m.id === id)?.name ?? '';
}

/** The year picker's options: the current year and the previous one (spec), current first. */
export function yearOptions(now: Date = new Date(), timeZone = 'Asia/Kolkata'): number[] {
  const year = Number(new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric' }).format(now));
  return [year, year - 1];
}

/** The current month (1–12) in the organisation's time zone. */
export function currentMonth(now: Date = new Date(), timeZone = 'Asia/Kolkata'): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone, month: 'numeric' }).format(now));
}
