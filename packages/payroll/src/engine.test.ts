import { describe, expect, it } from 'vitest';
import {
  type AttendanceFigures,
  compileFormulas,
  computeSlips,
  type EngineEmployee,
  type EngineFailure,
  type EngineHead,
  type EngineSlip,
  formulaProblems,
  PlanError,
} from './engine';
import {
  computeEsi,
  computeLwf,
  computePf,
  computePt,
  incomeTaxParametersFor,
  inForce,
  STATUTORY_PARAMETERS,
  statutoryTables,
} from './statutory';

function head(id: number, code: string, isEarning: boolean, formula: string | null = null, more: Partial<EngineHead> = {}): EngineHead {
  return {
    id,
    code,
    isEarning,
    isCalculative: formula !== null,
    formula,
    isNetPayHead: false,
    isOverTimeHead: false,
    isTotalLWOPHead: false,
    ...more,
  };
}

const BASIC = 1;
const DA = 2;
const HRA = 3;
const CONV = 4;
const OT = 5;
const PF = 10;
const ESI = 11;
const PT = 12;
const TDS = 13;
const ADV = 41;
const LWOP = 50;
const NET = 99;

const HEADS: EngineHead[] = [
  head(BASIC, 'BASIC', true),
  head(DA, 'DA', true),
  head(HRA, 'HRA', true, 'BASIC * 0.4'),
  head(CONV, 'CONV', true),
  head(OT, 'OT', true, 'round((BASIC_FIXED + DA_FIXED) / MONTH_DAYS / 8 * OT_HOURS * 2, 2)', { isOverTimeHead: true }),
  head(PF, 'PF', false, 'if(IS_PF_APPLICABLE, min(BASIC + DA, 15000) * 0.12, 0)'),
  head(ESI, 'ESI', false, 'IS_ESI_APPLICABLE and GROSS <= 21000 ? ceil(GROSS * 0.0075) : 0'),
  head(PT, 'PT', false, "if(IS_PT_APPLICABLE and GROSS > 15000, if(GENDER == 'F' and GROSS < 25000, 0, 200), 0)"),
  head(TDS, 'TDS', false),
  head(ADV, 'ADV', false),
  head(LWOP, 'LWOP', false, 'round((BASIC_FIXED + DA_FIXED) / MONTH_DAYS * LWOP_DAYS, 2)', { isTotalLWOPHead: true }),
  head(NET, 'NET', true, null, { isNetPayHead: true, isCalculative: true }),
];

const FULL_MONTH: AttendanceFigures = {
  monthDays: 30,
  payableDays: 30,
  presentDays: 26,
  lwopDays: 0,
  otHours: 4,
  holidays: 0,
  weeklyOffs: 4,
};

function employee(employeeId: number, more: Partial<EngineEmployee> = {}, attendance: Partial<AttendanceFigures> = {}): EngineEmployee {
  return {
    employeeId,
    fixed: new Map([
      [BASIC, 2000000],
      [DA, 500000],
      [CONV, 160000],
      [TDS, 100000],
    ]),
    extra: new Map(),
    attendance: { ...FULL_MONTH, ...attendance },
    facts: { AGE: 30, YEARS_OF_SERVICE: 3, GENDER: 'M', IS_PF_APPLICABLE: 1, IS_ESI_APPLICABLE: 1, IS_PT_APPLICABLE: 1 },
    ...more,
  };
}

function slip(result: EngineSlip | EngineFailure): EngineSlip {
  if (!('amounts' in result)) throw new Error(`failed: ${result.error}`);
  return result;
}

function amountsOf(s: EngineSlip): Record<number, number> {
  return Object.fromEntries(s.amounts);
}

function problemsOf(heads: EngineHead[]) {
  try {
    compileFormulas(heads);
  } catch (e) {
    if (e instanceof PlanError) return e.problems;
    throw e;
  }
  return [];
}

describe('computeSlips', () => {
  const plan = compileFormulas(HEADS);

  it('computes a full month', () => {
    const s = slip(computeSlips(plan, [employee(7)])[0]);
    expect(s.employeeId).toBe(7);
    expect(amountsOf(s)).toEqual({
      [BASIC]: 2000000,
      [DA]: 500000,
      [HRA]: 800000,
      [CONV]: 160000,
      [OT]: 83333, // 25,000 / 30 / 8 × 4 × 2 = 833.333… → 833.33
      [PF]: 180000,
      [ESI]: 0, // gross above 21,000
      [PT]: 20000,
      [TDS]: 100000,
      [ADV]: 0,
      [LWOP]: 0,
      [NET]: 3243333,
    });
    expect(s.gross).toBe(3543333);
    expect(s.deductions).toBe(300000);
    expect(s.net).toBe(3243333);
    expect(s.error).toBeNull();
  });

  it('prorates earnings for a joiner paid 10 of 30 days, but not fixed deductions', () => {
    const s = slip(computeSlips(plan, [employee(1, {}, { payableDays: 10, presentDays: 10, otHours: 0 })])[0]);
    expect(amountsOf(s)).toMatchObject({
      [BASIC]: 666667, // 6,666.666…
      [DA]: 166667,
      [HRA]: 266667, // 6,666.67 × 0.4 = 2,666.668
      [CONV]: 53333,
      [OT]: 0,
      [PF]: 100000, // 8,333.34 × 0.12 = 1,000.0008
      [ESI]: 8700, // ceil(11,533.34 × 0.0075 = 86.50005)
      [PT]: 0,
      [TDS]: 100000,
    });
    expect(s.gross).toBe(1153334);
    expect(s.deductions).toBe(208700);
    expect(s.net).toBe(944634);
  });

  it.each([
    // fixed paise, payable days, month days, earned paise
    [2000000, 27.5, 30, 1833333],
    [100001, 15, 30, 50001], // 50,000.5 → half away from zero
    [100003, 15, 30, 50002], // 50,001.5
    [99999, 15, 30, 50000], // 49,999.5
    [12345, 27.25, 31, 10852], // 10,851.65…
    [3000000, 0.5, 31, 48387], // 48,387.09…
    [3000000, 0, 31, 0],
    [3000000, 31, 31, 3000000],
    [900719925474099, 29, 31, 842608962540286], // beyond safe products: exact through bigint
  ])('prorates %s paise for %s of %s days to %s', (fixed, payableDays, monthDays, earned) => {
    const p = compileFormulas([head(1, 'BASIC', true), head(2, 'TDS', false)]);
    const e = employee(1, { fixed: new Map([[1, fixed]]) }, { payableDays, monthDays });
    expect(slip(computeSlips(p, [e])[0]).amounts.get(1)).toBe(earned);
  });

  it('rounds formula results to paise half away from zero, without float noise', () => {
    const p = compileFormulas([
      head(1, 'BASIC', true),
      head(2, 'A', false, '0.1 * 3'),
      head(3, 'B', false, '1.005'),
      head(4, 'C', false, '2.675'),
      head(5, 'D', false, '-2.675'),
      head(6, 'E', false, 'BASIC / 3'),
      head(7, 'F', false, '0.004999'),
      head(8, 'G', false, '0.125 - 0.12'),
    ]);
    const s = slip(computeSlips(p, [employee(1, { fixed: new Map([[1, 100]]) })])[0]);
    expect([...s.amounts.values()]).toEqual([100, 30, 101, 268, -268, 33, 0, 1]);
  });

  it('keeps the total-LWOP memo head out of gross, deductions and net', () => {
    const s = slip(computeSlips(plan, [employee(1, {}, { payableDays: 28, lwopDays: 2, otHours: 0 })])[0]);
    expect(s.amounts.get(LWOP)).toBe(166667); // (20,000 + 5,000) / 30 × 2 = 1,666.67
    expect(s.amounts.get(BASIC)).toBe(1866667);
    const earnings = [BASIC, DA, HRA, CONV, OT].reduce((t, id) => t + s.amounts.get(id)!, 0);
    const deductions = [PF, ESI, PT, TDS, ADV].reduce((t, id) => t + s.amounts.get(id)!, 0);
    expect(s.gross).toBe(earnings);
    expect(s.deductions).toBe(deductions);
    expect(s.net).toBe(earnings - deductions);
  });

  it('adds extra amounts: an advance instalment into head 41 is deducted, arrears into BASIC flow into HRA', () => {
    const [plain, withAdvance, withArrears] = computeSlips(plan, [
      employee(1),
      employee(2, { extra: new Map([[ADV, 250000]]) }),
      employee(3, { extra: new Map([[BASIC, 100000]]) }),
    ]).map(slip);
    expect(withAdvance.amounts.get(ADV)).toBe(250000);
    expect(withAdvance.deductions).toBe(plain.deductions + 250000);
    expect(withAdvance.net).toBe(plain.net - 250000);
    expect(withArrears.amounts.get(BASIC)).toBe(2100000);
    expect(withArrears.amounts.get(HRA)).toBe(840000);
    expect(withArrears.gross).toBe(plain.gross + 100000 + 40000);
  });

  it('adds an extra on a calculative head after its formula', () => {
    const s = slip(computeSlips(plan, [employee(1, { extra: new Map([[PF, -5000]]) })])[0]);
    expect(s.amounts.get(PF)).toBe(175000);
  });

  it('fails only the employee whose formula fails', () => {
    const p = compileFormulas([head(1, 'BASIC', true), head(2, 'INCENTIVE', true, 'BASIC / PRESENT_DAYS * 2')]);
    const results = computeSlips(p, [employee(1), employee(2, {}, { presentDays: 0 }), employee(3)]);
    expect(results.map((r) => r.error)).toEqual([null, 'INCENTIVE: division by zero', null]);
    expect(results[1]).toEqual({ employeeId: 2, error: 'INCENTIVE: division by zero' });
    expect(slip(results[2]).amounts.get(2)).toBe(153846); // 20,000 / 26 × 2 = 1,538.46
  });

  it('fails an employee without a salary structure', () => {
    const results = computeSlips(plan, [employee(1, { fixed: new Map() }), employee(2)]);
    expect(results[0]).toEqual({ employeeId: 1, error: 'No salary structure for the month' });
    expect(results[1].error).toBeNull();
  });

  it('fails an employee with an extra amount for a head outside the plan', () => {
    const [r] = computeSlips(plan, [employee(1, { extra: new Map([[777, 100]]) })]);
    expect(r.error).toBe('An extra amount is given for head 777, which is not a salary head of this plan');
  });

  it('fails text used as a number for that employee', () => {
    const p = compileFormulas([head(1, 'BASIC', true), head(2, 'X', false, 'GENDER * 2')]);
    expect(computeSlips(p, [employee(1)])[0].error).toBe("X: GENDER is text; it can only be compared with == or != (e.g. GENDER == 'F')");
  });

  it('uses the net-pay formula when there is one', () => {
    const heads = HEADS.map((h) => (h.id === NET ? { ...h, formula: 'round(GROSS - DEDUCTIONS, -1)' } : h));
    const s = slip(computeSlips(compileFormulas(heads), [employee(1)])[0]);
    expect(s.amounts.get(NET)).toBe(3243000); // 32,433.33 → 32,430
    expect(s.net).toBe(3243000);
    expect(s.gross - s.deductions).toBe(3243333);
  });

  it('makes a non-calculative net-pay head GROSS − DEDUCTIONS', () => {
    const heads = HEADS.map((h) => (h.id === NET ? { ...h, isCalculative: false } : h));
    expect(slip(computeSlips(compileFormulas(heads), [employee(1)])[0]).net).toBe(3243333);
  });

  it('uses GROSS − DEDUCTIONS as net without a net-pay head', () => {
    const s = slip(computeSlips(compileFormulas(HEADS.filter((h) => h.id !== NET)), [employee(1)])[0]);
    expect(s.net).toBe(3243333);
    expect(s.amounts.has(NET)).toBe(false);
  });

  it('reads the facts and the <CODE>_FIXED names', () => {
    const woman = employee(1);
    woman.facts = { ...woman.facts, GENDER: 'F' };
    const s = slip(computeSlips(plan, [woman, employee(2)])[0]);
    expect(s.amounts.get(PT)).toBe(20000); // gross 35,433.33 is not below 25,000
    const p = compileFormulas([
      head(1, 'BASIC', true),
      head(2, 'SPECIAL', true),
      head(3, 'FX', false, 'BASIC_FIXED + SPECIAL_FIXED + FX_FIXED + AGE + YEARS_OF_SERVICE'),
    ]);
    const e = employee(1, {}, { payableDays: 15 });
    expect(slip(computeSlips(p, [e])[0]).amounts.get(3)).toBe(2000000 + 500000 + 3300); // head 2 has 5,000 in the structure; FX has none
  });

  it('computes in dependency order whatever the order of the heads', () => {
    const reversed = compileFormulas([...HEADS].reverse());
    const shuffled = compileFormulas([
      HEADS[7],
      HEADS[2],
      HEADS[11],
      HEADS[0],
      HEADS[6],
      HEADS[3],
      HEADS[5],
      HEADS[1],
      HEADS[9],
      HEADS[4],
      HEADS[10],
      HEADS[8],
    ]);
    const people = [employee(1), employee(2, {}, { payableDays: 10, otHours: 0 })];
    const expected = computeSlips(plan, people);
    expect(computeSlips(reversed, people)).toEqual(expected);
    expect(computeSlips(shuffled, people)).toEqual(expected);
    for (const p of [plan, reversed, shuffled]) {
      const at = (id: number) => p.order.indexOf(id);
      expect(at(HRA)).toBeGreaterThan(at(BASIC));
      expect(at(PF)).toBeGreaterThan(at(DA));
      for (const earning of [BASIC, DA, HRA, CONV, OT]) {
        expect(at(ESI)).toBeGreaterThan(at(earning));
        expect(at(NET)).toBeGreaterThan(at(earning));
      }
      for (const deduction of [PF, ESI, PT, TDS, ADV]) expect(at(NET)).toBeGreaterThan(at(deduction));
      expect([...p.order].sort()).toEqual(HEADS.map((h) => h.id).sort());
    }
  });
});

describe('compileFormulas problems', () => {
  it('accepts good heads', () => {
    expect(formulaProblems(HEADS)).toEqual([]);
  });

  it.each([
    [
      'unknown name',
      [head(1, 'BASIC', true), head(3, 'HRA', true, 'BASICC * 0.4')],
      [{ kind: 'unknown-name', head: 'HRA', message: "HRA: unknown name 'BASICC'", position: 0 }],
    ],
    [
      'a name in the wrong case',
      [head(1, 'BASIC', true), head(3, 'HRA', true, '0.4 * basic')],
      [{ kind: 'unknown-name', head: 'HRA', message: "HRA: unknown name 'basic' (did you mean 'BASIC'?)", position: 6 }],
    ],
    [
      'unknown function',
      [head(1, 'BASIC', true), head(3, 'HRA', true, 'sqrt(BASIC)')],
      [{ kind: 'function', head: 'HRA', message: "HRA: Unknown function 'sqrt'", position: 0 }],
    ],
    [
      'syntax error',
      [head(1, 'BASIC', true), head(3, 'HRA', true, 'BASIC * 0.4)')],
      [{ kind: 'syntax', head: 'HRA', message: "HRA: Unexpected ')' at 12", position: 11 }],
    ],
    [
      'missing formula',
      [head(1, 'BASIC', true), head(3, 'HRA', true, '', { isCalculative: true })],
      [{ kind: 'syntax', head: 'HRA', message: 'Head HRA has no formula' }],
    ],
    [
      'cycle through GROSS',
      [head(1, 'BASIC', true), head(3, 'HRA', true, 'GROSS * 0.1')],
      [{ kind: 'cycle', head: 'HRA', message: 'cycle: HRA → GROSS → HRA' }],
    ],
    ['self reference', [head(3, 'HRA', true, 'HRA + 1')], [{ kind: 'cycle', head: 'HRA', message: 'cycle: HRA → HRA' }]],
    [
      'cycle between two heads, reported from the first head',
      [head(1, 'BASIC', true), head(2, 'A', false, 'B + 1'), head(3, 'B', false, 'BASIC + A')],
      [{ kind: 'cycle', head: 'A', message: 'cycle: A → B → A' }],
    ],
    [
      'cycle through the net pay and DEDUCTIONS',
      [head(1, 'BASIC', true), head(2, 'PF', false, 'NET * 0.01'), head(9, 'NET', true, null, { isNetPayHead: true })],
      [{ kind: 'cycle', head: 'PF', message: 'cycle: PF → NET → DEDUCTIONS → PF' }],
    ],
    [
      'duplicate and reserved codes',
      [head(1, 'BASIC', true), head(2, 'BASIC', true), head(3, 'GROSS', true), head(4, 'MONTH_DAYS', true), head(5, 'BASIC PAY', true)],
      [
        { kind: 'syntax', head: 'BASIC', message: "Head code 'BASIC' is used by another head" },
        { kind: 'syntax', head: 'GROSS', message: "Head code 'GROSS' is a reserved name" },
        { kind: 'syntax', head: 'MONTH_DAYS', message: "Head code 'MONTH_DAYS' is a reserved name" },
        {
          kind: 'syntax',
          head: 'BASIC PAY',
          message: "Head code 'BASIC PAY' cannot be used in formulas: use only letters, digits and _, starting with a letter",
        },
      ],
    ],
  ] as const)('%s', (_, heads, expected) => {
    expect(formulaProblems([...heads])).toEqual(expected);
    expect(problemsOf([...heads])).toEqual(expected);
  });

  it('lists every problem at once', () => {
    const heads = [
      head(1, 'BASIC', true),
      head(2, 'HRA', true, 'BASICC + DAA'),
      head(3, 'PF', false, 'PF + 1'),
      head(4, 'PT', false, 'if(1, 2)'),
      head(5, 'ESI', false, null, { isCalculative: true }),
    ];
    expect(() => compileFormulas(heads)).toThrow(PlanError);
    expect(problemsOf(heads).map((p) => p.message)).toEqual([
      "HRA: unknown name 'BASICC'",
      "HRA: unknown name 'DAA'",
      'PT: Expected 3 arguments for if',
      'Head ESI has no formula',
      'cycle: PF → PF',
    ]);
  });
});

describe('a large run', () => {
  it('computes 10,000 employees × 30 heads', () => {
    const heads: EngineHead[] = [];
    for (let i = 1; i <= 10; i++) heads.push(head(i, `E${i}`, true));
    for (let i = 11; i <= 20; i++) heads.push(head(i, `C${i}`, true, `round(E${i - 10} * 0.1 + E1 * 0.01, 2)`));
    for (let i = 21; i <= 27; i++)
      heads.push(head(i, `D${i}`, false, `if(GROSS > 50000, min(GROSS, 100000) * 0.001 * ${i - 20}, E2 * 0.02)`));
    heads.push(head(28, 'TDS', false));
    heads.push(head(29, 'LOP', false, 'round((E1_FIXED + E2_FIXED) / MONTH_DAYS * LWOP_DAYS, 2)', { isTotalLWOPHead: true }));
    heads.push(head(30, 'NET', true, 'GROSS - DEDUCTIONS', { isNetPayHead: true, isCalculative: true }));
    const plan = compileFormulas(heads);
    const employees: EngineEmployee[] = [];
    for (let e = 0; e < 10_000; e++) {
      const fixed = new Map<number, number>();
      for (let i = 1; i <= 10; i++) fixed.set(i, 100000 * i + e);
      fixed.set(28, 50000);
      employees.push({
        employeeId: e + 1,
        fixed,
        extra: new Map(),
        attendance: { ...FULL_MONTH, payableDays: 30 - (e % 3), lwopDays: e % 3 },
        facts: { AGE: 30, YEARS_OF_SERVICE: 1, GENDER: 'M', IS_PF_APPLICABLE: 1, IS_ESI_APPLICABLE: 0, IS_PT_APPLICABLE: 1 },
      });
    }
    const results = computeSlips(plan, employees);
    expect(results).toHaveLength(10_000);
    expect(results.every((r) => r.error === null)).toBe(true);
    const first = slip(results[0]);
    // E_i = 1,000 × i rupees; C_i = 100 × i + 10; gross = 55,000 + 5,600 = 60,600; D_k = 60.6 × k; TDS 500
    expect(first.gross).toBe(6060000);
    expect(first.deductions).toBe(6060 * 28 + 50000);
    expect(first.net).toBe(6060000 - (6060 * 28 + 50000));
    expect(first.amounts.get(29)).toBe(0);
    const second = slip(results[1]); // 29 of 30 days, 1 LWOP day
    expect(second.amounts.get(1)).toBe(Math.round((100001 * 29) / 30));
    expect(second.amounts.get(29)).toBe(Math.round((100001 + 200001) / 30));
    expect(second.net).toBe(second.gross - second.deductions);
    expect(results[9999].employeeId).toBe(10_000);
  });
});

describe('statutory heads', () => {
  const tables = statutoryTables(STATUTORY_PARAMETERS);
  const on = '2025-09-01';
  const params = {
    month: 9,
    pf: inForce(tables.pf, on),
    esi: inForce(tables.esi, on),
    pt: inForce(tables.pt.get('KA') ?? [], on),
    lwf: inForce(tables.lwf.get('KA') ?? [], on),
    tds: { new: incomeTaxParametersFor(tables, '2025-26', 'new'), old: incomeTaxParametersFor(tables, '2025-26', 'old') },
  };
  const heads: EngineHead[] = [
    head(BASIC, 'BASIC', true, null, { isPfWage: true, isEsiWage: true }),
    head(DA, 'DA', true, null, { isPfWage: true, isEsiWage: true }),
    head(CONV, 'CONV', true, null, { isEsiWage: true }),
    head(OT, 'OT', true, 'round(OT_HOURS * 100, 2)', { isOverTimeHead: true, isEsiWage: true }),
    head(PF, 'PF', false, 'BASIC * 0.5', { statutory: 'pf_employee' }),
    head(ESI, 'ESI', false, null, { statutory: 'esi_employee' }),
    head(PT, 'PT', false, null, { statutory: 'pt' }),
    head(TDS, 'TDS', false, null, { statutory: 'tds' }),
    head(60, 'LWF', false, null, { statutory: 'lwf_employee' }),
    head(NET, 'NET', true, null, { isNetPayHead: true, isCalculative: true }),
  ];
  const plan = compileFormulas(heads);
  const small = (id: number, basic: number, more: Partial<EngineEmployee> = {}) =>
    employee(id, {
      fixed: new Map([
        [BASIC, basic],
        [DA, basic / 10],
        [CONV, 160000],
        [TDS, 0],
      ]),
      ...more,
    });

  it('computes PF, ESI, PT and LWF by the rules (the formula of a statutory head is ignored), in DEDUCTIONS and the net', () => {
    const [r] = computeSlips(plan, [small(1, 1200000)], params);
    const s = slip(r);
    const pfWages = 1200000n + 120000n;
    const pf = computePf(params.pf!, { pfWages, restrictToCeiling: true, epsEligible: true });
    const esiWages = 1200000n + 120000n + 160000n + 40000n; // overtime (4 h × ₹100) counts for contributions
    const esi = computeEsi(params.esi!, { covered: true, grossWages: esiWages, paidDays: 30 });
    const pt = computePt(params.pt, { month: 9, monthlyGross: BigInt(s.gross), gender: 'male' });
    const lwf = computeLwf(params.lwf, { month: 9, grossWages: BigInt(s.gross) });
    expect(s.amounts.get(PF)).toBe(Number(pf.employee));
    expect(s.amounts.get(ESI)).toBe(Number(esi.employee));
    expect(s.amounts.get(PT)).toBe(Number(pt));
    expect(s.amounts.get(60)).toBe(Number(lwf.employee));
    // ₹13,200 + 1,600 + 400 a month × 8 months (September): 1,21,600 − 75,000 is nil tax in the new regime.
    expect(s.amounts.get(TDS)).toBe(0);
    expect(s.deductions).toBe(Number(pf.employee + esi.employee + pt + lwf.employee));
    expect(s.net).toBe(s.gross - s.deductions);
    expect(s.statutory).toMatchObject({
      pfWages: Number(pfWages),
      eps: Number(pf.eps),
      epf: Number(pf.epf),
      edli: Number(pf.edli),
      esiWages: Number(esiWages),
      esiCoverageWages: Number(esiWages) - 40000,
      esiCovered: true,
      esiEmployer: Number(esi.employer),
    });
  });

  it('follows the employee: not applicable, full wages, outside EPS, covered earlier in the period', () => {
    const high = 3000000;
    const [notPf, full, earlier, above] = computeSlips(
      plan,
      [
        small(1, high, { facts: { ...employee(1).facts, IS_PF_APPLICABLE: 0 } }),
        small(2, high, { statutory: { pfRestrictToCeiling: false, epsEligible: false, disabled: false, esiEarlierWages: [] } }),
        small(3, high, { statutory: { pfRestrictToCeiling: true, epsEligible: true, disabled: false, esiEarlierWages: [2000000] } }),
        small(4, high),
      ],
      params,
    ).map(slip);
    expect(notPf.amounts.get(PF)).toBe(0);
    expect(full.amounts.get(PF)).toBe(Math.round((high * 1.1 * 0.12) / 100) * 100);
    expect(full.statutory?.eps).toBe(0);
    expect(earlier.statutory?.esiCovered).toBe(true);
    expect(earlier.amounts.get(ESI)).toBeGreaterThan(0);
    expect(above.statutory?.esiCovered).toBe(false);
    expect(above.amounts.get(ESI)).toBe(0);
  });

  it('fails the employee when no PF rates are given, and refuses a statutory earning or two heads of a kind', () => {
    expect(computeSlips(plan, [small(1, 1000000)])[0].error).toBe('PF: no PF rates are in force for the month');
    expect(problemsOf([head(1, 'X', true, null, { statutory: 'pt' })]).map((p) => p.message)).toEqual([
      'X: a statutory head must be a deduction',
    ]);
    expect(
      problemsOf([head(1, 'A', false, null, { statutory: 'pt' }), head(2, 'B', false, null, { statutory: 'pt' })]).map((p) => p.message),
    ).toEqual(['B: A is already the pt head']);
  });

  it('reports a cycle through a statutory head', () => {
    const cyclic = [
      head(1, 'BASIC', true, 'PF * 2', { isCalculative: true, isPfWage: true }),
      head(2, 'PF', false, null, { statutory: 'pf_employee' }),
    ];
    expect(problemsOf(cyclic).map((p) => p.kind)).toContain('cycle');
  });
});
