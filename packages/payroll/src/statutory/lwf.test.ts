// Labour Welfare Fund amounts and due months by state (sources in parameters.ts): Karnataka before and after its
// 2024 amendment (in force 10 Jan 2025), Maharashtra's 2024 amendment (₹25 / ₹75 in June and December), Tamil
// Nadu r.11A as amended in 2022, West Bengal's employer share of ₹30 from 1 Jan 2024, Kerala's Shops and
// Commercial Establishments Workers' Welfare Fund (₹50 + ₹50 a month from September 2022, G.O.(P) 41/2022/LBR), and
// the Telangana, Andhra Pradesh, Gujarat and Madhya Pradesh Acts.
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
    ['WB', 2024, 6, 3, 30], // employer's share ₹30 from 1 Jan 2024
    ['WB', 2025, 6, 3, 30],
    ['WB', 2025, 12, 3, 30],
    ['WB', 2025, 7, 0, 0],
    ['GJ', 2025, 12, 6, 12],
    ['KL', 2022, 9, 50, 50], // Kerala Shops & Commercial Establishments Workers' Welfare Fund: ₹50 + ₹50 from Sep 2022
    ['KL', 2025, 7, 50, 50],
    ['KL', 2026, 11, 50, 50],
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
