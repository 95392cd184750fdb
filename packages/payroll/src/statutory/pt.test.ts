// Professional tax of each seeded state against its Act's schedule (sources in parameters.ts, row by row):
// Karnataka Act 33 of 2025 (₹300 in February), Maharashtra Schedule I (women's table, ₹300 in February), Greater
// Chennai Corporation circular of 20 Jan 2025 (half-yearly), Telangana and Andhra Pradesh 1987 Acts, West Bengal
// 1979 Act, Gujarat 1976 Act, Kerala half-yearly slabs (revised by G.O. 1149/2024/LSGD from 1 Oct 2024), Madhya Pradesh Vritti Kar (₹174 / ₹212 in March).
import { describe, expect, it } from 'vitest';
import { inForce, monthStart } from './dated';
import { STATUTORY_PARAMETERS, statutoryTables } from './parameters';
import { computePt, type StatutoryGender } from './pt';

const tables = statutoryTables(STATUTORY_PARAMETERS);
const R = (rupees: number) => BigInt(Math.round(rupees * 100));

function pt(state: string, year: number, month: number, gross: number, gender?: StatutoryGender, periodGross?: number) {
  const p = inForce(tables.pt.get(state) ?? [], monthStart(year, month));
  return computePt(p, { month, monthlyGross: R(gross), gender, periodGross: periodGross === undefined ? undefined : R(periodGross) });
}

describe('professional tax', () => {
  it.each([
    // state, year, month, monthly gross, gender, period gross → PT
    ['KA', 2026, 1, 24999, undefined, undefined, 0],
    ['KA', 2026, 1, 25000, undefined, undefined, 200],
    ['KA', 2026, 2, 25000, undefined, undefined, 300], // February under the 2025 amendment
    ['KA', 2025, 2, 60000, undefined, undefined, 200], // February 2025: before the amendment
    ['MH', 2025, 6, 7500, 'male', undefined, 0],
    ['MH', 2025, 6, 9000, 'male', undefined, 175],
    ['MH', 2025, 6, 15000, 'male', undefined, 200],
    ['MH', 2026, 2, 15000, 'male', undefined, 300],
    ['MH', 2026, 2, 9000, 'male', undefined, 175], // the 7,501–10,000 slab has no February amount
    ['MH', 2025, 6, 20000, 'female', undefined, 0], // women up to ₹25,000 pay none
    ['MH', 2026, 2, 30000, 'female', undefined, 300],
    ['MH', 2025, 6, 9000, 'other', undefined, 175],
    ['TN', 2025, 9, 4000, undefined, undefined, 180], // half-year ₹24,000 (revised slab)
    ['TN', 2025, 8, 20000, undefined, undefined, 0], // not a due month
    ['TN', 2025, 9, 20000, undefined, undefined, 1250], // half-year ₹1,20,000
    ['TN', 2024, 9, 8000, undefined, undefined, 690], // first half of 2024-25: slabs before the revision
    ['TN', 2025, 3, 8000, undefined, undefined, 930], // second half of 2024-25: revised
    ['TN', 2026, 3, 9000, undefined, 59000, 930], // the half-year's actual salary when known
    ['TS', 2025, 6, 15000, undefined, undefined, 0],
    ['TS', 2025, 6, 18000, undefined, undefined, 150],
    ['TS', 2026, 2, 25000, undefined, undefined, 200],
    ['AP', 2025, 6, 15000.01, undefined, undefined, 150],
    ['AP', 2025, 6, 20001, undefined, undefined, 200],
    ['WB', 2025, 6, 10000, undefined, undefined, 0],
    ['WB', 2025, 6, 12000, undefined, undefined, 110],
    ['WB', 2025, 6, 20000, undefined, undefined, 130],
    ['WB', 2025, 6, 30000, undefined, undefined, 150],
    ['WB', 2025, 6, 50000, undefined, undefined, 200],
    ['GJ', 2025, 6, 11999, undefined, undefined, 0],
    ['GJ', 2025, 6, 12000, undefined, undefined, 200],
    ['KL', 2024, 8, 3000, undefined, undefined, 180], // half-year ₹18,000, before the revision of 1 Oct 2024
    // G.O. 1149/2024/LSGD from 1 Oct 2024 (the figures its tables print): ₹320 / 450 / 600 / 750 / 1,000 / 1,250
    ['KL', 2025, 2, 1999, undefined, undefined, 0], // half-year ₹11,994
    ['KL', 2025, 2, 2000, undefined, undefined, 320], // ₹12,000 (was ₹120)
    ['KL', 2025, 8, 3000, undefined, undefined, 450], // ₹18,000 (was ₹180)
    ['KL', 2025, 8, 6000, undefined, undefined, 600], // ₹36,000 (was ₹300)
    ['KL', 2025, 8, 8000, undefined, undefined, 750], // ₹48,000 (was ₹450)
    ['KL', 2026, 2, 11000, undefined, undefined, 750], // ₹66,000 (was ₹600)
    ['KL', 2026, 2, 17000, undefined, undefined, 1000], // ₹1,02,000
    ['KL', 2026, 2, 30000, undefined, undefined, 1250],
    ['KL', 2026, 2, 9000, undefined, 99999, 750], // the half-year's actual salary when known
    ['KL', 2025, 9, 30000, undefined, undefined, 0],
    ['MP', 2025, 6, 18000, undefined, undefined, 0], // ₹2,16,000 a year
    ['MP', 2025, 6, 20000, undefined, undefined, 125],
    ['MP', 2025, 6, 30000, undefined, undefined, 166],
    ['MP', 2026, 3, 30000, undefined, undefined, 174], // the twelfth month
    ['MP', 2025, 6, 50000, undefined, undefined, 208],
    ['MP', 2026, 3, 50000, undefined, undefined, 212],
    ['DL', 2025, 6, 100000, undefined, undefined, 0], // Delhi levies no professional tax
  ] as const)('%s %s-%s on ₹%s (%s, period %s): ₹%s', (state, year, month, gross, gender, period, expected) => {
    expect(pt(state, year, month, gross, gender, period)).toBe(R(expected));
  });

  it('levies nothing before a state’s first row', () => {
    expect(pt('KA', 2020, 6, 50000)).toBe(0n);
  });
});
