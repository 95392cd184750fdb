// Money is held as integer paise in a bigint: printed totals must add up exactly, so amounts are
// never summed as floating-point rupees. Amounts that arrive as JSON numbers (the spec's records) or
// as numeric strings (drizzle's `numeric`) enter through `toPaise`, which reads their decimal text and
// rounds half up (away from zero) to whole paise.

export type Paise = bigint;

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Converts a rupee amount (number or decimal string, e.g. 1234.5, '1234.50', '1e3') to paise, rounding half up. */
export function toPaise(amount: number | string | bigint): Paise {
  if (typeof amount === 'bigint') return amount * 100n;
  if (typeof amount === 'number' && !Number.isFinite(amount)) {
    throw new RangeError(`Amount must be a finite number, got ${amount}`);
  }
  const text = typeof amount === 'number' ? String(amount) : amount.trim().replace(/,/g, '');
  const m = DECIMAL.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) {
    throw new RangeError(`Not an amount: '${String(amount)}'`);
  }
  const [, sign, intPart, fracPart = '', expPart] = m;
  // Shift the decimal point by the exponent on the digit string itself, so no precision is lost.
  let digits = `${intPart}${fracPart}`;
  let pointAt = intPart.length + (expPart ? Number(expPart) : 0);
  if (pointAt < 0) {
    digits = '0'.repeat(-pointAt) + digits;
    pointAt = 0;
  }
  if (pointAt > digits.length) digits = digits + '0'.repeat(pointAt - digits.length);
  const whole = digits.slice(0, pointAt) || '0';
  const frac = digits.slice(pointAt).padEnd(3, '0');
  let result = BigInt(whole) * 100n + BigInt(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) result += 1n; // half up: the third decimal decides
  return sign === '-' ? -result : result;
}

/**
 * The one conversion at the JSON boundary: whole paise (a bigint, a JS number read from a bigint column, or its
 * decimal text from a SQL aggregate) to the rupee number JSON carries, with two decimals exactly.
 */
export function toRupees(paise: Paise | number | string | null | undefined): number {
  return Math.round(Number(paise ?? 0)) / 100;
}

/** Paise as a JSON-safe decimal string with 2 decimals ('-1234.50'), the form `numeric(14,2)` stores. */
export function toDecimalString(value: Paise): string {
  const negative = value < 0n;
  const abs = absPaise(value);
  const rupees = abs / 100n;
  const paise = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${rupees}.${paise}`;
}

/** Sum of paise amounts. */
export function sumPaise(values: Iterable<Paise>): Paise {
  let total = 0n;
  for (const v of values) total += v;
  return total;
}

/** Absolute value of an amount. */
export function absPaise(value: Paise): Paise {
  return value < 0n ? -value : value;
}

/** Groups whole rupees the Indian way: last three digits, then pairs (12,34,567). */
function groupIndian(rupees: bigint): string {
  const s = rupees.toString();
  if (s.length <= 3) return s;
  const last3 = s.slice(-3);
  const rest = s.slice(0, -3);
  return `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${last3}`;
}

export interface FormatOptions {
  /** Prefix the rupee sign (₹). Default false. */
  symbol?: boolean;
  /** Print the paise (2 decimals). Default true. */
  decimals?: boolean;
}

/**
 * en-IN formatting of paise: 1234567.89 → '12,34,567.89', with `symbol` '₹12,34,567.89', negatives
 * '-₹12.00'. Written out instead of `Intl.NumberFormat` so Node and every browser print the same text.
 */
export function formatINR(value: Paise, options: FormatOptions = {}): string {
  const { symbol = false, decimals = true } = options;
  const negative = value < 0n;
  const abs = absPaise(value);
  const grouped = decimals ? `${groupIndian(abs / 100n)}.${(abs % 100n).toString().padStart(2, '0')}` : groupIndian((abs + 50n) / 100n);
  return `${negative ? '-' : ''}${symbol ? '₹' : ''}${grouped}`;
}

/** Parses an en-IN formatted amount ('₹12,34,567.89', '1,000', '-5.5') into paise. */
export function parseINR(text: string): Paise {
  const cleaned = text.replace(/₹|\s|,/g, '').replace(/^(-?)(?:Rs\.?|INR)/i, '$1');
  return toPaise(cleaned);
}
