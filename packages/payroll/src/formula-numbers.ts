// The formula language's numbers: rounding without float noise and tolerant comparison (shared with the engine).

export type Value = number | string;

const SAFE = Number.MAX_SAFE_INTEGER;

/** Removes float noise by rounding to 6 decimals (e.g. 100.49999999999999 → 100.5), when that can be done exactly. */
export function denoise(x: number): number {
  const t = x * 1e6;
  return Math.abs(t) < SAFE ? Math.round(t) / 1e6 : x;
}

/** Rounds half away from zero to a whole number, after removing float noise. */
export function roundHalfAway(x: number): number {
  const clean = denoise(x);
  const r = Math.round(Math.abs(clean));
  return clean < 0 ? -r : r;
}

/** Rupees (a float) to whole paise, half away from zero, after removing float noise: 1.005 → 101, 2.675 → 268, 0.1 * 3 → 30. */
export function toPaiseNumber(rupees: number): number {
  return Math.sign(rupees) * Math.round(Math.abs(Math.round(rupees * 100 * 1e6) / 1e6)) || 0;
}

/** round(x, digits) of the formula language: digits 0..2 keep decimals, -1..-3 round to tens, hundreds, thousands. */
export function roundTo(x: number, digits = 0): number {
  if (digits >= 0) {
    const f = 10 ** digits;
    return roundHalfAway(x * f) / f || 0;
  }
  const f = 10 ** -digits;
  return roundHalfAway(x / f) * f || 0;
}

export function floorClean(x: number): number {
  const t = x * 1e8;
  return Math.floor(Math.abs(t) < SAFE ? Math.round(t) / 1e8 : x) || 0;
}

export function ceilClean(x: number): number {
  const t = x * 1e8;
  return Math.ceil(Math.abs(t) < SAFE ? Math.round(t) / 1e8 : x) || 0;
}

export function nearlyEqual(a: number, b: number): boolean {
  return a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

// ---------------------------------------------------------------------------------------------------------
// Tokenizer
