/** Display formatting in the organisation's conventions: Indian rupees (en-IN grouping) and Asia/Kolkata dates. */

export const ORG_TIME_ZONE = 'Asia/Kolkata';

const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

type Amount = number | string | null | undefined;

/**
 * Money arrives as a decimal string ('1234567.5') or integer-safe number; formatting a string goes through
 * its digits so no floating-point rounding creeps into a printed amount.
 */
function toParts(value: Amount): { negative: boolean; int: string; frac: string } | null {
  if (value === null || value === undefined || value === '') return null;
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(2) : '') : String(value).trim().replace(/,/g, '');
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  let int = (m[2] || '0').replace(/^0+(?=\d)/, '');
  let frac = (m[3] ?? '').padEnd(3, '0');
  // round half up to 2 decimals on the digits
  if (Number(frac[2]) >= 5) {
    const cents = (BigInt(int + frac.slice(0, 2)) + 1n).toString().padStart(3, '0');
    int = cents.slice(0, -2);
    frac = cents.slice(-2);
  } else frac = frac.slice(0, 2);
  const negative = m[1] === '-' && /[1-9]/.test(int + frac);
  return { negative, int, frac };
}

function groupIndian(int: string): string {
  if (int.length <= 3) return int;
  const last3 = int.slice(-3);
  const rest = int.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest},${last3}`;
}

/** 1234567.5 → '12,34,567.50' (en-IN grouping, 2 decimals). Empty input → ''. */
export function formatAmount(value: Amount): string {
  const p = toParts(value);
  if (!p) return '';
  return `${p.negative ? '-' : ''}${groupIndian(p.int)}.${p.frac}`;
}

/** 1234567.5 → '₹12,34,567.50'. */
export function formatRupees(value: Amount): string {
  const p = toParts(value);
  if (!p) return '';
  return `${p.negative ? '-' : ''}₹${groupIndian(p.int)}.${p.frac}`;
}

/** Whole-number count with Indian grouping: 1234567 → '12,34,567'. */
export function formatCount(value: number): string {
  return whole.format(value);
}

function partsIn(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return { y: get('year'), m: get('month'), d: get('day') };
}

/** Accepts Date, ISO timestamps and plain 'YYYY-MM-DD' dates (taken as that calendar day). */
function toDate(value: Date | string | number): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    // A calendar date has no zone: noon UTC lands on the same day in every zone from UTC-11 to UTC+11.
    const d = new Date(`${value}T12:00:00Z`);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** DD/MM/YYYY in the organisation's time zone ('' for empty or invalid input). */
export function formatDate(value: Date | string | number | null | undefined, timeZone = ORG_TIME_ZONE): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (!d) return '';
  const { y, m, d: day } = partsIn(d, timeZone);
  return `${day}/${m}/${y}`;
}

/** DD/MM/YYYY HH:mm (24 h) in the organisation's time zone. */
export function formatDateTime(value: Date | string | number | null | undefined, timeZone = ORG_TIME_ZONE): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (!d) return '';
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
  return `${formatDate(d, timeZone)} ${time}`;
}

/** Today's calendar date in the organisation's time zone as 'YYYY-MM-DD'. */
export function todayIso(timeZone = ORG_TIME_ZONE, now: Date = new Date()): string {
  const { y, m, d } = partsIn(now, timeZone);
  return `${y}-${m}-${d}`;
}

/** 'Sunday, 22 November 2026' in the organisation's time zone. */
export function formatLongDate(value: Date = new Date(), timeZone = ORG_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-IN', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(value);
}
