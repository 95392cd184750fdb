// Labour Welfare Fund amounts and due months by state (sources in parameters.ts): Karnataka before and after its
// 2024 amendment (in force 10 Jan 2025), Maharashtra's 2024 amendment (₹25 / ₹75 in June and December), Tamil
// Nadu r.11A as amended in 2022, and the Telangana, Andhra Pradesh, West Bengal, Gujarat, Kerala and Madhya
// Pradesh Acts.
import { describe, expect, it } from 'vitest';
import { inForce, monthStart } from './dated';
import { computeLwf } from './lwf';
import { STATUTORY_PARAMETERS, statutoryTables } from './parameters';

const tables = statutoryTables(STATUTORY_PARAMETERS);
const R = (rupees: number) => BigInt(Math.round(rupees * 100));

describe('labour welfare fund', () => {
  it.each([
    ['KA', 2024, 12, 20, 40],
    ['KA', 2025, 12, 50, 100],
    ['KA', 2025, 11, 0, 0],
    ['MH', 2025, 6, 25, 75],
    ['MH', 2025, 12, 25, 75],
    ['MH', 2025, 7, 0, 0],
    ['TN', 2025, 12, 20, 40],
    ['TS', 2025, 12, 2, 5],
    ['AP', 2025, 12, 30, 70],
    ['WB', 2025, 6, 3, 15],
    ['GJ', 2025, 12, 6, 12],
    ['KL', 2025, 7, 20, 20],
    ['MP', 2025, 6, 10, 30],
    ['MP', 2025, 5, 0, 0],
    ['DL', 2025, 12, 0, 0],
  ])('%s %s-%s: employee ₹%s, employer ₹%s', (state, year, month, employee, employer) => {
    const p = inForce(tables.lwf.get(state) ?? [], monthStart(year, month));
    expect(computeLwf(p, { month, grossWages: R(30000) })).toEqual({ employee: R(employee), employer: R(employer) });
  });

  it('takes nothing from a month without wages', () => {
    const p = inForce(tables.lwf.get('MH')!, '2025-06-01');
    expect(computeLwf(p, { month: 6, grossWages: 0n })).toEqual({ employee: 0n, employer: 0n });
  });
});
