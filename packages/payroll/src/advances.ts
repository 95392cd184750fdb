// Advance recovery: an advance is recovered in equal monthly instalments of whole paise.

/**
 * `count` instalments of floor(amount / count) paise, the last absorbing the remainder so they sum exactly:
 * 1000.00 in 3 → 333.33, 333.33, 333.34. The amount must be whole paise above 0 and the count 1..120.
 */
export function instalmentPlan(amountPaise: number, count: number): number[] {
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) {
    throw new RangeError(`The advance must be a whole number of paise above 0, got ${amountPaise}`);
  }
  if (!Number.isInteger(count) || count < 1 || count > 120) {
    throw new RangeError(`The number of instalments must be a whole number from 1 to 120, got ${count}`);
  }
  const each = Math.floor(amountPaise / count);
  const plan = new Array<number>(count).fill(each);
  plan[count - 1] = amountPaise - each * (count - 1);
  return plan;
}
