// Two statutory figures of the salary run that look beyond the month (issue 13):
// - a half-yearly professional-tax state's deduction in its due month is on the half-year's salary — the earlier
//   slips of the half-year (read set-based with the run's inputs), this month's gross, and the regular salary for the
//   half-year's months still to come — not on the month's gross × 6 (Tamil Nadu, Chennai unit);
// - a joiner's prorated first month projects TDS for the rest of the year from the full month's salary.
import {
  computePt,
  type EngineSlip,
  financialYearOf,
  incomeTaxParametersFor,
  inForce,
  monthStart,
  ptPeriodGross,
  ptPeriodOf,
  remainingMonthsOf,
  STATUTORY_PARAMETERS,
  salaryMonthTds,
  statutoryTables,
} from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { computeMonth, isSlip } from '../../src/modules/payroll/compute';
import { tdsEarlierSlips } from '../../src/modules/payroll/statutory';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { addMonth, seededMonths } from './months';

// Seeded head ids (modules/masters/seed.ts SEED_HEADS).
const HEAD = { BASIC: 1, DA: 2, HRA: 3, PT: 23, TDS: 24 };
const tables = statutoryTables(STATUTORY_PARAMETERS);

let t: TestApp;
let M: Awaited<ReturnType<typeof seededMonths>>;

beforeAll(async () => {
  t = await createTestApp();
  M = await seededMonths(api(t.app, await signIn(t.app, 'payroll')));
});
afterAll(() => t?.close());

const ym = (m: { year: number; month: number }) => m.year * 100 + m.month;

describe('half-yearly professional tax in the run', () => {
  it('takes the half-year’s earlier slips and the months to come, not the month × 6', async () => {
    const [chn] = await queryRows<{ id: number }>(t.db, sql`select id from units where code = 'BR-CHN'`);
    // The next month Tamil Nadu deducts in (September or March).
    const due = [0, 1, 2, 3, 4, 5].map((k) => addMonth(M.cur, k)).find((m) => m.month === 9 || m.month === 3)!;
    const params = inForce(tables.pt.get('TN')!, monthStart(due.year, due.month))!;
    const period = ptPeriodOf(params, due.year, due.month)!;
    const earlier = await queryRows<{ employeeId: number; gross: number; months: number }>(
      t.db,
      sql`select s.employee_id as "employeeId", sum(s.gross)::float8 as gross, count(distinct r.year * 100 + r.month)::int as months
          from salary_slips s join payroll_runs r on r.id = s.run_id
          where r.year * 100 + r.month >= ${period.from} and r.year * 100 + r.month < ${ym(due)} group by s.employee_id`,
    );
    const earlierOf = new Map(earlier.map((e) => [e.employeeId, e]));
    // The half-year's months other than the due one in which an employee is employed (joined before, not left).
    const employedBesides = (e: { dateOfJoining: string; exitDate: string | null }) => {
      let n = 0;
      for (let m = period.from; m <= period.to; m = m % 100 === 12 ? m + 89 : m + 1) {
        const joined = Number(e.dateOfJoining.slice(0, 4)) * 100 + Number(e.dateOfJoining.slice(5, 7));
        const left = e.exitDate ? Number(e.exitDate.slice(0, 4)) * 100 + Number(e.exitDate.slice(5, 7)) : 999999;
        if (m !== ym(due) && m >= joined && m <= left) n++;
      }
      return n;
    };

    const m = await computeMonth(t.db, chn.id, due.year, due.month, { withoutSystemAmounts: true });
    const byId = new Map(m.employees.map((e) => [e.id, e]));
    for (const s of m.results.filter(isSlip)) {
      const e = byId.get(s.employeeId)!;
      const before = earlierOf.get(e.id);
      const gender = e.gender === 'Female' ? 'female' : 'male';
      const periodGross = ptPeriodGross(before?.gross ?? 0, s.gross, employedBesides(e) - (before?.months ?? 0));
      const want = e.ptApplicable
        ? computePt(params, { month: due.month, monthlyGross: BigInt(s.gross), periodGross: BigInt(periodGross), gender })
        : 0n;
      expect(s.amounts.get(HEAD.PT), `${e.employeeCode}`).toBe(Number(want));
    }

    // A worked case: an employee with earlier slips in the half-year paid only ₹2,000 (basic) from the due month on.
    // The month × 6 is ₹12,000 (nil); the half-year still holds the earlier slips' pay.
    const withEarlier = m.employees.find((e) => e.ptApplicable && (earlierOf.get(e.id)?.gross ?? 0) > 0);
    expect(withEarlier, 'a Chennai employee with a slip earlier in the half-year').toBeDefined();
    const e = withEarlier!;
    const cut = await computeMonth(t.db, chn.id, due.year, due.month, {
      only: [e.id],
      withoutSystemAmounts: true,
      structures: new Map([[e.id, new Map([[HEAD.BASIC, 200_000]])]]),
    });
    const [slip] = cut.results.filter(isSlip);
    const gross = slip.gross;
    const before = earlierOf.get(e.id)!;
    const half = before.gross + gross + gross * (employedBesides(e) - before.months);
    const gender = e.gender === 'Female' ? 'female' : 'male';
    expect(computePt(params, { month: due.month, monthlyGross: BigInt(gross), gender })).toBe(0n);
    const want = computePt(params, { month: due.month, monthlyGross: BigInt(gross), periodGross: BigInt(half), gender });
    expect(want).toBeGreaterThan(0n);
    expect(slip.amounts.get(HEAD.PT)).toBe(Number(want));
    // The month before is not a due month: nothing, whatever the half-year's salary.
    const before1 = addMonth(due, -1);
    const notDue = await computeMonth(t.db, chn.id, before1.year, before1.month, {
      only: [e.id],
      withoutSystemAmounts: true,
      structures: new Map([[e.id, new Map([[HEAD.BASIC, 200_000]])]]),
    });
    const [other] = notDue.results;
    expect(isSlip(other), JSON.stringify(other)).toBe(true);
    expect((other as EngineSlip).amounts.get(HEAD.PT)).toBe(0);
  });
});

describe('TDS of a joiner’s first month in the run', () => {
  it('projects the rest of the year from the full month, not the prorated one', async () => {
    const [top] = await queryRows<{ employeeId: number; unitId: number; joined: string; confirmed: string | null }>(
      t.db,
      sql`select s.employee_id as "employeeId", r.unit_id as "unitId", e.date_of_joining::text as joined, e.confirmation_date::text as confirmed
          from salary_slips s join payroll_runs r on r.id = s.run_id join employees e on e.id = s.employee_id
          where r.year = ${M.prev1.year} and r.month = ${M.prev1.month} order by s.gross desc limit 1`,
    );
    const { year, month } = M.cur;
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const run = async (payable: number) => {
      const attendance = {
        monthDays: days,
        payableDays: payable,
        presentDays: payable,
        lwopDays: 0,
        otHours: 0,
        holidays: 0,
        weeklyOffs: 0,
      };
      // ₹2.5 L a month (basic 1.5 L, HRA 60,000, DA 40,000): taxed in the new regime whatever the seeded pay.
      const structure = new Map([
        [HEAD.BASIC, 15_000_000],
        [HEAD.DA, 4_000_000],
        [HEAD.HRA, 6_000_000],
      ]);
      const m = await computeMonth(t.db, top.unitId, year, month, {
        only: [top.employeeId],
        withoutSystemAmounts: true,
        attendance: new Map([[top.employeeId, attendance]]),
        structures: new Map([[top.employeeId, structure]]),
      });
      const [s] = m.results;
      expect(isSlip(s), JSON.stringify(s)).toBe(true);
      return { heads: m.heads, s: s as EngineSlip };
    };
    const prorated = days - 15;
    const before = await run(prorated); // the same days unpaid, not a joiner
    await t.db.execute(
      sql`update employees set date_of_joining = ${`${M.cur.ym}-16`}, confirmation_date = null where id = ${top.employeeId}`,
    );
    try {
      const joiner = await run(prorated);
      const full = await run(days);
      expect(joiner.s.gross).toBe(before.s.gross);
      expect(joiner.s.gross).toBeLessThan(full.s.gross);

      const earlier = (await tdsEarlierSlips(t.db, [top.employeeId], year, month, joiner.heads)).get(top.employeeId);
      const p = incomeTaxParametersFor(tables, financialYearOf(year, month), 'new')!;
      const figures = (s: EngineSlip) => ({
        regular: s.gross,
        hraReceived: s.amounts.get(HEAD.HRA) ?? 0,
        basicPlusDa: (s.amounts.get(HEAD.BASIC) ?? 0) + (s.amounts.get(HEAD.DA) ?? 0),
        professionalTax: s.amounts.get(HEAD.PT) ?? 0,
      });
      const rule = (projected?: ReturnType<typeof figures>) =>
        salaryMonthTds(p, {
          remainingMonths: remainingMonthsOf(month),
          ...figures(joiner.s),
          oneOff: 0,
          rentPerMonth: 0,
          metro: false,
          earlierRegular: earlier?.earlierRegular ?? 0,
          earlierOneOff: earlier?.earlierOneOff ?? 0,
          earlierHraExempt: earlier?.earlierHraExempt ?? 0,
          earlierProfessionalTax: earlier?.earlierPt ?? 0,
          tdsSoFar: earlier?.tdsSoFar ?? 0,
          previousEmployerSalary: 0,
          previousEmployerTds: 0,
          deductions: {},
          projected,
        }).tds;
      expect(joiner.s.amounts.get(HEAD.TDS)).toBe(rule(figures(full.s)));
      expect(before.s.amounts.get(HEAD.TDS)).toBe(rule());
      if (remainingMonthsOf(month) > 1) expect(joiner.s.amounts.get(HEAD.TDS)!).toBeGreaterThan(before.s.amounts.get(HEAD.TDS)!);
    } finally {
      await t.db.execute(
        sql`update employees set date_of_joining = ${top.joined}, confirmation_date = ${top.confirmed} where id = ${top.employeeId}`,
      );
    }
  });
});
