// ESI, professional tax and labour welfare fund rows taking effect within a month (month-rules.ts): each follows its
// authority's rule unless the row says otherwise — ESI's change applies to the whole wage period it takes effect in
// (ESI Act s.39(4)), PT's from the next month (the month is taxed by the slab in force when it began), LWF's to the
// due month whose deduction date (its last day) falls after it. The release's rows carry the rule written out.
import { describe, expect, it } from 'vitest';
import { computeEsi } from './esi';
import { computeLwf, type LwfParameters } from './lwf';
import {
  esiParametersForMonth,
  lwfParametersForMonth,
  MID_MONTH_DEFAULT,
  ptParametersForMonth,
  rowForMonth,
  withMidMonthRules,
} from './month-rules';
import { STATUTORY_PARAMETERS, statutoryTables } from './parameters';
import { computePt, type PtParameters } from './pt';

const tables = statutoryTables(STATUTORY_PARAMETERS);
const R = (rupees: number) => BigInt(Math.round(rupees * 100));
const ESI = tables.esi[tables.esi.length - 1];
const KA = tables.pt.get('KA')!;
const WB_LWF = tables.lwf.get('WB')!;

describe('ESI: a change within a month applies to that wage period', () => {
  // A rate of 1 % / 4 % from 15 July 2027 (figures made up for the test).
  const raised = { ...ESI, midMonthRule: undefined, effectiveFrom: '2027-07-15', employeeRate: 1, employerRate: 4 };
  const rows = [ESI, raised];

  it('by default July is under the new rates, June under the old', () => {
    expect(esiParametersForMonth(rows, 2027, 6)!.employeeRate).toBe(0.75);
    expect(esiParametersForMonth(rows, 2027, 7)!.employeeRate).toBe(1);
    const july = computeEsi(esiParametersForMonth(rows, 2027, 7)!, { covered: true, grossWages: R(20000), paidDays: 31 });
    expect([july.employee, july.employer]).toEqual([R(200), R(800)]);
  });

  it('a row saying "nextMonth" leaves July under the old rates', () => {
    const later = [ESI, { ...raised, midMonthRule: 'nextMonth' as const }];
    expect(esiParametersForMonth(later, 2027, 7)!.employeeRate).toBe(0.75);
    expect(esiParametersForMonth(later, 2027, 8)!.employeeRate).toBe(1);
  });
});

describe('PT: a change within a month applies from the next month', () => {
  const latest = KA[KA.length - 1];
  // Karnataka's threshold raised to ₹30,000 from 10 August 2027 (made up for the test).
  const raised: PtParameters = {
    ...latest,
    midMonthRule: undefined,
    effectiveFrom: '2027-08-10',
    slabs: [
      { upTo: 29999.99, amount: 0 },
      { upTo: null, amount: 200, months: { '2': 300 } },
    ],
  };
  const rows = [...KA, raised];

  it('by default August’s salary of ₹27,000 is taxed by the old slab (₹200), September’s by the new (nil)', () => {
    const tax = (month: number) => computePt(ptParametersForMonth(rows, 2027, month), { month, monthlyGross: R(27000) });
    expect([tax(8), tax(9)]).toEqual([R(200), 0n]);
  });

  it('a row saying "wholeMonth" governs August already', () => {
    const whole = [...KA, { ...raised, midMonthRule: 'wholeMonth' as const }];
    expect(computePt(ptParametersForMonth(whole, 2027, 8), { month: 8, monthlyGross: R(27000) })).toBe(0n);
  });
});

describe('LWF: the rate on the deduction date, the due month’s last day', () => {
  const latest = WB_LWF[WB_LWF.length - 1];
  // West Bengal's half-yearly contribution raised to ₹5 / ₹50 from 20 December 2027 (made up for the test).
  const raised: LwfParameters = {
    ...latest,
    midMonthRule: undefined,
    effectiveFrom: '2027-12-20',
    bands: [{ upTo: null, employee: 5, employer: 50 }],
  };
  const rows = [...WB_LWF, raised];

  it('by default December’s deduction (31 Dec) is at the new rate', () => {
    const dec = computeLwf(lwfParametersForMonth(rows, 2027, 12), { month: 12, grossWages: R(30000) });
    expect([dec.employee, dec.employer]).toEqual([R(5), R(50)]);
    expect(lwfParametersForMonth(rows, 2027, 11)).toBe(latest);
  });

  it('a row saying "nextMonth" leaves December at the old rate', () => {
    const next = [...WB_LWF, { ...raised, midMonthRule: 'nextMonth' as const }];
    const dec = computeLwf(lwfParametersForMonth(next, 2027, 12), { month: 12, grossWages: R(30000) });
    expect([dec.employee, dec.employer]).toEqual([R(latest.bands[0].employee), R(latest.bands[0].employer)]);
  });
});

describe('the rows and their rules', () => {
  it('a row from the 1st governs its month whatever its rule; before the first row there is none', () => {
    const from1st = { ...ESI, effectiveFrom: '2027-07-01', employeeRate: 1, midMonthRule: 'nextMonth' as const };
    expect(rowForMonth([ESI, from1st], 2027, 7, 'nextMonth')!.employeeRate).toBe(1);
    expect(esiParametersForMonth([from1st], 2027, 6)).toBeUndefined();
  });

  it('every ESI, PT and LWF row of the release carries its authority’s rule and says why in its source', () => {
    const rows = STATUTORY_PARAMETERS.filter((r) => r.kind === 'esi' || r.kind === 'pt' || r.kind === 'lwf');
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) {
      expect((r.data as { midMonthRule?: string }).midMonthRule, `${r.kind} ${r.stateCode}`).toBe(
        MID_MONTH_DEFAULT[r.kind as 'esi' | 'pt' | 'lwf'],
      );
      expect(r.source).toMatch(/within (a|a due) month/);
    }
    expect(MID_MONTH_DEFAULT).toEqual({ esi: 'wholeMonth', pt: 'nextMonth', lwf: 'wholeMonth' });
    // A rule a row already has is kept.
    const [kept] = withMidMonthRules([{ kind: 'pt', source: 'x', data: { midMonthRule: 'wholeMonth' } }]);
    expect(kept).toEqual({ kind: 'pt', source: 'x', data: { midMonthRule: 'wholeMonth' } });
  });
});
