/** Display formatting in the organisation's conventions: Indian rupees (en-IN grouping) and dates in its time zone. */
import { DEFAULT_TIME_ZONE, formatDateDMY, todayIn, weekday } from '@hr/calendar';
import { formatINR, type Paise, toPaise } from '@hr/payroll';
import { sessionStore } from './session';

/** The organisation's time zone until the server has said it (before sign-in): the payroll documents' default. */
export const ORG_TIME_ZONE = DEFAULT_TIME_ZONE;

/**
 * The organisation's time zone, the one place the web holds it: the zone the server reckons its days in
 * (ORG_TIME_ZONE of the server), sent with the session by /api/auth/me (`acc_dtls.organisation.timeZone`); the
 * default before that. Today's date and every date and time shown below are worked out in it.
 */
export const orgTimeZone = (): string => sessionStore.get().acc_dtls?.organisation?.timeZone || ORG_TIME_ZONE;

const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

type Amount = number | string | null | undefined;

/**
 * Money arrives as a decimal string ('1234567.5') or a number; it is read through @hr/payroll's `toPaise`
 * (digits, half-up to whole paise), the same path the payroll documents print through. Empty or unreadable → null.
 */
function toAmountPaise(value: Amount): Paise | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    return toPaise(value);
  } catch {
    return null;
  }
}

/** 1234567.5 → '12,34,567.50' (en-IN grouping, 2 decimals). Empty input → ''. */
export function formatAmount(value: Amount): string {
  const paise = toAmountPaise(value);
  return paise === null ? '' : formatINR(paise);
}

/** 1234567.5 → '₹12,34,567.50'. */
export function formatRupees(value: Amount): string {
  const paise = toAmountPaise(value);
  return paise === null ? '' : formatINR(paise, { symbol: true });
}

/** Whole-number count with Indian grouping: 1234567 → '12,34,567'. */
export function formatCount(value: number): string {
  return whole.format(value);
}

const compact = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/**
 * Rupees in the short form an Indian payroll office reads on a chart's axis: 4500000 → '₹45 L', 12500000 →
 * '₹1.25 Cr', 85000 → '₹85 K', 950 → '₹950'. For axes only: tables and tooltips show the exact amount.
 */
export function formatRupeesShort(rupees: number): string {
  const sign = rupees < 0 ? '−' : '';
  const v = Math.abs(rupees);
  if (v >= 1e7) return `${sign}₹${compact.format(v / 1e7)} Cr`;
  if (v >= 1e5) return `${sign}₹${compact.format(v / 1e5)} L`;
  if (v >= 1e3) return `${sign}₹${compact.format(v / 1e3)} K`;
  return `${sign}₹${compact.format(v)}`;
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
export function formatDate(value: Date | string | number | null | undefined, timeZone = orgTimeZone()): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (!d) return '';
  return formatDateDMY(d, timeZone);
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per zone: list screens format a date per cell, and building an Intl formatter is the costly part. */
function timeFormat(timeZone: string): Intl.DateTimeFormat {
  let f = timeFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormats.set(timeZone, f);
  }
  return f;
}

/** HH:mm (24 h) in the organisation's time zone ('' for empty or invalid input): a clock, a punch's time. */
export function formatTime(value: Date | string | number | null | undefined, timeZone = orgTimeZone()): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  return d ? timeFormat(timeZone).format(d) : '';
}

/** DD/MM/YYYY HH:mm (24 h) in the organisation's time zone. */
export function formatDateTime(value: Date | string | number | null | undefined, timeZone = orgTimeZone()): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (!d) return '';
  const time = timeFormat(timeZone).format(d);
  return `${formatDate(d, timeZone)} ${time}`;
}

/** Today's calendar date in the organisation's time zone as 'YYYY-MM-DD'. */
export function todayIso(timeZone = orgTimeZone(), now: Date = new Date()): string {
  return todayIn(timeZone, now);
}

/** 'Sunday, 22 November 2026' in the organisation's time zone. */
export function formatLongDate(value: Date = new Date(), timeZone = orgTimeZone()): string {
  return new Intl.DateTimeFormat('en-IN', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(value);
}

export const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** A calendar date with its weekday: 'Tue 03/11/2026'. */
export const dayLabel = (date: string) => `${WEEKDAY_SHORT[weekday(date)]} ${formatDate(date)}`;
