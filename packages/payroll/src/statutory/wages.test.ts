import { describe, expect, it } from 'vitest';
import { compileFormulas, computeSlips, type EngineHead, type EngineSlip } from '../engine';
import { inForce, monthStart } from './dated';
import { STATUTORY_PARAMETERS, statutoryTables } from './parameters';
import { codeWages, codeWagesRuleFor } from './wages';

const tables = statutoryTables(STATUTORY_PARAMETERS);
const rupees = (r: number) => Math.round(r * 100);

describe('the Labour Codes’ wages (Code on Wages s.2(y) and its proviso)', () => {
  const rule = codeWagesRuleFor(tables.codeWages, 2026, 1)!;

  it('is in force from 21 Nov 2025: none before, November day-weighted (10 of 30 days), whole months after', () => {
    expect(codeWagesRuleFor(tables.codeWages, 2025, 10)).toBeUndefined();
    const nov = codeWagesRuleFor(tables.codeWages, 2025, 11)!;
    expect([nov.days, nov.of, nov.limitBasisPoints]).toEqual([10, 30, 5000]);
    expect([rule.days, rule.of]).toEqual([31, 31]);
    expect(rule.appliesTo).toEqual(['pf', 'bonus', 'gratuity']);
  });

  it('replays the greytHR illustration: basic 20,000, HRA 10,000, conveyance 8,000, special 12,000 (special as wages)', () => {
    // community.greythr.com/t/ctc-structure-as-per-new-guidelines-wage-code-2019/2077: total 50,000, exclusions
    // (HRA + conveyance) 18,000, within 50 % (25,000): wages 32,000, nothing added back.
    const r = codeWages(rule, { wages: rupees(20000 + 12000), hra: rupees(10000), conveyance: rupees(8000) });
    expect(r).toEqual({
      wages: rupees(32000),
      excluded: rupees(18000),
      remuneration: rupees(50000),
      addedBack: 0,
      codeWages: rupees(32000),
    });
  });

  it('adds back the excluded payments above half of all remuneration (the same pay, special allowance counted as an allowance)', () => {
    // Basic 20,000 of 50,000: the other 30,000 exceed one-half (25,000) by 5,000, which the proviso deems wages —
    // MoLE FAQs on the Labour Codes Q4: "the excess amount shall be added back to wages".
    const r = codeWages(rule, { wages: rupees(20000), hra: rupees(10000), conveyance: rupees(8000), allowance: rupees(12000) });
    expect(r.addedBack).toBe(rupees(5000));
    expect(r.codeWages).toBe(rupees(25000));
  });

  it('leaves gratuity, retrenchment compensation and payments outside remuneration out of the test', () => {
    const r = codeWages(rule, {
      wages: rupees(40000),
      hra: rupees(20000),
      allowance: rupees(20000),
      gratuity: rupees(500000),
      retrenchment: rupees(100000),
      outside: rupees(90000),
    });
    // Remuneration 80,000, excluded 40,000 = exactly one-half: nothing added.
    expect(r.remuneration).toBe(rupees(80000));
    expect(r.addedBack).toBe(0);
  });

  it('rounds the excess half up to the paisa and day-weights it in November 2025', () => {
    const nov = codeWagesRuleFor(tables.codeWages, 2025, 11)!;
    // Wages 10,000.01, excluded 20,000.00: remuneration 30,000.01, one-half 15,000.005; the excess 4,999.995 is
    // rounded half up to 5,000.00.
    expect(codeWages(rule, { wages: 1000001, allowance: 2000000 }).addedBack).toBe(500000);
    // November: 5,000 excess × 10/30 = 1,666.67.
    expect(codeWages(nov, { wages: rupees(20000), allowance: rupees(30000) }).addedBack).toBe(166667);
  });
});

describe('the engine computes PF on the Code’s wages from 21 Nov 2025', () => {
  const head = (id: number, code: string, more: Partial<EngineHead> = {}): EngineHead => ({
    id,
    code,
    isEarning: true,
    isCalculative: false,
    formula: null,
    isNetPayHead: false,
    isOverTimeHead: false,
    isTotalLWOPHead: false,
    ...more,
  });
  const heads: EngineHead[] = [
    head(1, 'BASIC', { isPfWage: true, wageClass: 'wages' }),
    head(3, 'HRA', { wageClass: 'hra' }),
    head(4, 'CONV', { wageClass: 'conveyance' }),
    head(6, 'SPL', { wageClass: 'allowance' }),
    // A formula earning on the PF amount stays out of PF's wages (no cycle).
    head(7, 'PFREIMB', { isCalculative: true, formula: 'PF * 0', wageClass: 'allowance' }),
    head(10, 'PF', { isEarning: false, statutory: 'pf_employee' }),
    head(99, 'NET', { isNetPayHead: true, isCalculative: true }),
  ];
  const plan = compileFormulas(heads);
  const employee = {
    employeeId: 1,
    fixed: new Map([
      [1, rupees(20000)],
      [3, rupees(10000)],
      [4, rupees(8000)],
      [6, rupees(12000)],
    ]),
    extra: new Map<number, number>(),
    attendance: { monthDays: 31, payableDays: 31, presentDays: 31, lwopDays: 0, otHours: 0, holidays: 0, weeklyOffs: 0 },
    facts: { AGE: 30, YEARS_OF_SERVICE: 2, GENDER: 'M', IS_PF_APPLICABLE: 1, IS_ESI_APPLICABLE: 0, IS_PT_APPLICABLE: 0 },
    statutory: { pfRestrictToCeiling: false, epsEligible: true, disabled: false, esiEarlierWages: [] },
  };
  const run = (year: number, month: number) => {
    const pf = inForce(tables.pf, monthStart(year, month));
    const [slip] = computeSlips(plan, [employee], { month, pf, wages: codeWagesRuleFor(tables.codeWages, year, month) });
    return slip as EngineSlip;
  };

  it('raises the PF wages by the amount added back (20,000 → 25,000: PF ₹3,000 instead of ₹2,400)', () => {
    const s = run(2026, 1);
    expect(s.statutory).toMatchObject({
      codeWages: rupees(25000),
      codeWagesAddedBack: rupees(5000),
      pfWages: rupees(25000),
      pfWagesRaise: rupees(5000),
      epfWages: rupees(25000),
      pfEmployee: rupees(3000),
    });
    expect(s.amounts.get(10)).toBe(rupees(3000));
  });

  it('keeps the PF-wage heads before the Codes (October 2025)', () => {
    const s = run(2025, 10);
    expect(s.statutory?.pfWages).toBe(rupees(20000));
    expect(s.statutory?.pfEmployee).toBe(rupees(2400));
    expect(s.statutory?.codeWages).toBeUndefined();
  });
});
