// The engine's integer forms of the PF, ESI, PT and LWF rules (fast.ts) give what the bigint rules give, over
// many figures: wages around every ceiling and slab edge, every seeded state's PT and LWF rows in every month,
// both genders' PT tables, paid days with halves, and amounts beyond ₹100 crore (where the rules answer).
import { describe, expect, it } from 'vitest';
import { computeEsi, esiCovered } from './esi';
import { esiCoveredN, esiInto, lwfInto, pfInto, prepareEsi, prepareLwf, preparePf, preparePt, ptN } from './fast';
import { computeLwf } from './lwf';
import { STATUTORY_PARAMETERS, statutoryTables } from './parameters';
import { computePf } from './pf';
import { computePt, type StatutoryGender } from './pt';

const tables = statutoryTables(STATUTORY_PARAMETERS);

/** Amounts in paise around each edge (±1 paise, ±1 rupee) and a spread of ordinary and odd figures. */
function figures(edgesRupees: number[]): number[] {
  const out = new Set<number>([0, 1, 99, 100, 101, 5_000_00, 12_345_67, 99_999_99, 2_50_000_00, 1_000_000_000_00, 2_000_000_000_00]);
  for (const r of edgesRupees) {
    const p = Math.round(r * 100);
    for (const d of [-101, -100, -1, 0, 1, 100, 101]) if (p + d >= 0) out.add(p + d);
  }
  let x = 7919;
  for (let i = 0; i < 400; i++) {
    x = (x * 48271) % 2147483647;
    out.add(x % 30_000_000); // up to ₹3 L a month, paise
  }
  return [...out];
}

describe('the statutory rules in integers (engine) against the bigint rules', () => {
  it('PF: every wage, with and without the ceiling, in and out of EPS', () => {
    const wrong: string[] = [];
    for (const p of tables.pf) {
      const f = preparePf(p);
      for (const w of figures([p.wageCeiling, p.edliWageCeiling, 15000, 20000, 50000])) {
        for (const restrict of [true, false])
          for (const eps of [true, false]) {
            const want = computePf(p, { pfWages: BigInt(w), restrictToCeiling: restrict, epsEligible: eps });
            const got = { epfWages: 0, epsWages: 0, edliWages: 0, pfEmployee: 0, eps: 0, epf: 0, edli: 0 };
            pfInto(f, w, restrict, eps, got);
            const expected = {
              epfWages: Number(want.epfWages),
              epsWages: Number(want.epsWages),
              edliWages: Number(want.edliWages),
              pfEmployee: Number(want.employee),
              eps: Number(want.eps),
              epf: Number(want.epf),
              edli: Number(want.edli),
            };
            if (JSON.stringify(got) !== JSON.stringify(expected)) wrong.push(`${w} ${restrict} ${eps}`);
          }
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('ESI: coverage over the period and the shares, the ₹176 exemption and half days', () => {
    const wrong: string[] = [];
    for (const p of tables.esi) {
      const f = prepareEsi(p);
      const wages = figures([p.wageCeiling, p.disabledWageCeiling, p.employeeExemptDailyWage * 30, p.employeeExemptDailyWage * 26]);
      for (const w of wages) {
        for (const days of [0, 0.5, 1, 13.5, 26, 30, 31]) {
          const want = computeEsi(p, { covered: true, grossWages: BigInt(w), paidDays: days });
          const got = { esiEmployee: -1, esiEmployer: -1 };
          esiInto(f, true, w, days, got);
          if (got.esiEmployee !== Number(want.employee) || got.esiEmployer !== Number(want.employer)) wrong.push(`${w} ${days}`);
        }
        for (const disabled of [false, true]) {
          for (const earlier of [[], [w], [2_100_000], [3_000_000, 2_600_000]]) {
            const want = esiCovered(p, [...earlier.map(BigInt), BigInt(w)], disabled);
            if (esiCoveredN(f, earlier, w, disabled) !== want) wrong.push(`covered ${w} ${earlier} ${disabled}`);
          }
        }
      }
      const none = { esiEmployee: -1, esiEmployer: -1 };
      esiInto(f, false, 1_500_000, 30, none);
      expect(none).toEqual({ esiEmployee: 0, esiEmployer: 0 });
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('PT: every seeded state and row, every month, both tables, with and without the period’s salary', () => {
    const wrong: string[] = [];
    for (const [state, rows] of tables.pt) {
      for (const p of rows) {
        const edges = [...p.slabs, ...(p.femaleSlabs ?? [])].flatMap((s) => (s.upTo === null ? [] : [s.upTo, s.upTo / 6, s.upTo / 12]));
        const amounts = figures(edges);
        for (let month = 1; month <= 12; month++) {
          const f = preparePt(p, month);
          const genders: StatutoryGender[] = p.femaleSlabs ? ['male', 'female', 'other'] : ['female'];
          for (const gender of genders) {
            for (const g of amounts) {
              const want = computePt(p, { month, monthlyGross: BigInt(g), gender });
              if (BigInt(ptN(f, g, gender)) !== want) wrong.push(`${state} ${p.effectiveFrom} ${month} ${gender} ${g}`);
              const period = g * 5 + 12_345;
              const withPeriod = computePt(p, { month, monthlyGross: BigInt(g), periodGross: BigInt(period), gender });
              if (BigInt(ptN(f, g, gender, period)) !== withPeriod) wrong.push(`${state} ${month} ${g} period ${period}`);
            }
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('LWF: every seeded state and row, every month', () => {
    const wrong: string[] = [];
    for (const [state, rows] of tables.lwf) {
      for (const p of rows) {
        const edges = p.bands.flatMap((b) => (b.upTo === null ? [] : [b.upTo]));
        for (let month = 1; month <= 12; month++) {
          const f = prepareLwf(p, month);
          for (const g of figures(edges)) {
            const want = computeLwf(p, { month, grossWages: BigInt(g) });
            const got = { lwfEmployee: -1, lwfEmployer: -1 };
            lwfInto(f, g, got);
            if (got.lwfEmployee !== Number(want.employee) || got.lwfEmployer !== Number(want.employer))
              wrong.push(`${state} ${month} ${g}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    const none = { lwfEmployee: -1, lwfEmployer: -1 };
    lwfInto(undefined, 5_000_000, none);
    expect(none).toEqual({ lwfEmployee: 0, lwfEmployer: 0 });
  }, 60_000);
});
