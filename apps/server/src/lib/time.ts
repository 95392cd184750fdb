/** 'YYYY-MM-DD' of `at` in the given IANA time zone (the organisation's "today"). */
export function isoDateIn(timeZone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export interface FinancialYearSpan {
  /** e.g. '2026-27' */
  name: string;
  startDate: string;
  endDate: string;
  startYear: number;
}

/** The April–March financial year starting in `startYear`. */
export function financialYearStarting(startYear: number): FinancialYearSpan {
  const next = String((startYear + 1) % 100).padStart(2, '0');
  return { name: `${startYear}-${next}`, startDate: `${startYear}-04-01`, endDate: `${startYear + 1}-03-31`, startYear };
}

/** The financial year that contains an ISO date. */
export function financialYearOf(isoDate: string): FinancialYearSpan {
  const [y, m] = isoDate.split('-').map(Number);
  return financialYearStarting(m >= 4 ? y : y - 1);
}

/** The calendar month containing an ISO date: 'YYYY-MM', its first day and the first day of the next month. */
export function monthOf(isoDate: string): { month: string; startDate: string; nextStartDate: string } {
  const [y, m] = isoDate.split('-').map(Number);
  const pad = (n: number) => String(n).padStart(2, '0');
  const [ny, nm] = m === 12 ? [y + 1, 1] : [y, m + 1];
  return { month: `${y}-${pad(m)}`, startDate: `${y}-${pad(m)}-01`, nextStartDate: `${ny}-${pad(nm)}-01` };
}
