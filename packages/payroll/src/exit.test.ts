import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  encashmentExempt,
  exitParametersOn,
  gratuity,
  labourCodeWages,
  leaveEncashment,
  noticePay,
  noticeServed,
  serviceBetween,
} from './exit';

const P = (rupees: number) => Math.round(rupees * 100);
const base = { type: 'resignation' as const, disablement: false, fixedTerm: false, ceiling: P(2000000), taxExemption: P(2000000) };

describe('service for gratuity', () => {
  it('counts a part above six months as a year, six months or less not', () => {
    // 8 years 7 months (the citehr example below): 9 years.
    expect(serviceBetween('2017-01-01', '2025-07-31')).toEqual({ years: 8, months: 7, days: 0, countedYears: 9 });
    expect(serviceBetween('2017-01-01', '2025-06-30')).toMatchObject({ years: 8, months: 6, days: 0, countedYears: 8 });
    expect(serviceBetween('2017-01-01', '2025-07-01')).toMatchObject({ years: 8, months: 6, days: 1, countedYears: 9 });
    expect(serviceBetween('2020-03-15', '2025-03-14')).toMatchObject({ years: 5, months: 0, days: 0, countedYears: 5 });
  });
});

describe('gratuity (Code on Social Security 2020 s.53; Payment of Gratuity Act 1972 s.4)', () => {
  it('replays citehr.com t=148103: 8 years 7 months on a last basic of ₹6,000 → 6000 ÷ 26 × 9 × 15 = ₹31,153.85', () => {
    // Source: https://www.citehr.com/amp.php?t=148103 ("Gratuity amount = 6000 / 26 * 9 * 15 = 31154", rounded to the rupee).
    const g = gratuity({ ...base, service: serviceBetween('2017-01-01', '2025-07-31'), wages: P(6000) });
    expect(g.eligible).toBe(true);
    expect(g.amount).toBe(3115385);
    expect(Math.round(g.amount / 100)).toBe(31154);
  });

  it('replays citehr.com t=299371: 26 years on ₹20,000 → 26 × 20000 × 15 ÷ 26 = ₹3,00,000', () => {
    // Source: https://www.citehr.com/amp.php?t=299371
    const g = gratuity({ ...base, service: serviceBetween('1999-04-01', '2025-03-31'), wages: P(20000) });
    expect(g.amount).toBe(P(300000));
    expect(g.exempt).toBe(P(300000));
  });

  it('is capped at the ceiling in force (₹20,00,000, S.O. 1419(E) of 29 Mar 2018)', () => {
    const p = exitParametersOn('2026-11-30');
    const g = gratuity({ ...base, ceiling: P(p.gratuityCeiling), service: serviceBetween('1990-01-01', '2026-11-30'), wages: P(150000) });
    expect(g.computed).toBe(Math.round((15000000 * 15 * 37) / 26));
    expect(g.amount).toBe(P(2000000));
  });

  it('needs five years, one for a fixed-term employee, none on death or disablement', () => {
    const four = serviceBetween('2022-01-01', '2026-06-30');
    expect(gratuity({ ...base, service: four, wages: P(26000) })).toMatchObject({ eligible: false, amount: 0 });
    expect(gratuity({ ...base, fixedTerm: true, type: 'fixed_term_end', service: four, wages: P(26000) }).amount).toBe(
      P(26000 / 26) * 15 * 4,
    ); // 4 years 6 months: 4
    const short = serviceBetween('2026-01-01', '2026-08-15');
    expect(gratuity({ ...base, type: 'death', service: short, wages: P(26000) }).amount).toBe(P(15000));
    expect(gratuity({ ...base, disablement: true, service: short, wages: P(26000) }).eligible).toBe(true);
  });
});

describe('wages under the Labour Codes (50 % rule)', () => {
  it('adds back the excluded payments above half the remuneration', () => {
    // Basic + DA ₹30,000 of ₹1,00,000: allowances of ₹70,000 exceed half by ₹20,000 → wages ₹50,000.
    expect(labourCodeWages(P(30000), P(100000))).toBe(P(50000));
    expect(labourCodeWages(P(60000), P(100000))).toBe(P(60000));
  });
});

describe('leave encashment', () => {
  it('replays citehr.com t=588001: (5000 + 2000) ÷ 30 × 20 = ₹4,666.67', () => {
    // Source: https://www.citehr.com/amp.php?t=588001 ("4666.66 (Rounded Off - 4667)").
    expect(leaveEncashment({ balanceDays: 20, maxDays: 0, wages: P(7000), divisor: 30 })).toEqual({ days: 20, amount: 466667 });
  });

  it('caps the days at the type cap and pays half days', () => {
    expect(leaveEncashment({ balanceDays: 89, maxDays: 60, wages: P(30000), divisor: 30 })).toEqual({ days: 60, amount: P(60000) });
    expect(leaveEncashment({ balanceDays: 2.5, maxDays: 0, wages: P(26000), divisor: 26 }).amount).toBe(P(2500));
  });

  it('exempts at most the s.10(10AA) limit in force (₹25,00,000 from 1 Apr 2023, Notification 31/2023)', () => {
    expect(exitParametersOn('2023-03-31').leaveEncashmentTaxExemption).toBe(300000);
    expect(exitParametersOn('2023-04-01').leaveEncashmentTaxExemption).toBe(2500000);
    const limit = P(exitParametersOn('2026-11-30').leaveEncashmentTaxExemption);
    expect(encashmentExempt(P(400000), P(50000), limit)).toBe(P(400000));
    expect(encashmentExempt(P(4000000), P(300000), limit)).toBe(limit);
    expect(encashmentExempt(P(400000), P(30000), limit)).toBe(P(300000));
  });
});

describe('notice and due date', () => {
  it('counts notice served and pays the shortfall at the monthly rate ÷ 30', () => {
    expect(noticeServed('2026-11-01', '2026-11-16')).toBe(15);
    expect(noticePay(P(45000), 15)).toBe(P(22500));
  });

  it('falls due two working days after the last day, skipping holidays and weekly offs', () => {
    const off = new Set(['2026-11-29', '2026-11-30']);
    // Last day Friday 27 Nov; Saturday 28 works, Sunday 29 off, Monday 30 a holiday, Tuesday 1 Dec.
    expect(addWorkingDays('2026-11-27', 2, (d) => off.has(d))).toBe('2026-12-01');
  });
});
