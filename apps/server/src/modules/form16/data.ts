// The figures of Form 16 and of the 24Q deductee list come from the financial year's salary slips of approved
// or locked runs: each earning head's amount (the run's heads as processed), the professional tax (the slip's
// statutory figures, else the PT head) and the tax deducted (the amount of the run's head whose statutory role
// is 'tds'); earning heads marked 17(2) / 17(3) go to the perquisites and profits in lieu, the declaration's other
// income, 24(b) interest and section 89 relief to their lines, the unit's TAN and PAN to the deductor. Read
// set-based: the year's runs (one query), their slips of the employees asked (one), the employees (one), the
// organisation (one), the parameters (one) and their declarations (one per batch).
import { financialYearStarting } from '@hr/calendar';
import { type Form16Exemption, type Form16Month, type Form16Record, financialYearStart } from '@hr/documents';
import { hraExemption, type IncomeTaxParameters, incomeTaxParametersFor, type StatutoryTables, taxAgeInYear } from '@hr/payroll';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import type { RunHead } from '../../db/schema';
import { Conflict } from '../../lib/errors';
import { FINAL_RUN } from '../../lib/month-lock';
import { loadStatutoryTables } from '../statutory/parameters';
import { defaultDeclaration, type EffectiveDeclaration, effectiveDeclarations } from '../tax/declarations';
import { earlierSalaryRows, previousEmployerOf, totalsOf } from '../tax/earlier-salary';
import { earlierMonths, withEarlierExemptions } from './earlier';

/** Runs whose slips count: approved or locked (what employees see as payslips). */

/** r.year / r.month within the financial year starting in `start` (April to March). */
export function runInYear(start: number): SQL {
  return sql`(r.year * 100 + r.month) between ${start * 100 + 4} and ${(start + 1) * 100 + 3}`;
}

/** The run's head whose statutory role is `kind`, as SQL over the run r (its id as text, or null). */
export const statutoryHeadId = (kind: 'tds' | 'pt'): SQL =>
  sql`(select h->>'id' from jsonb_array_elements(r.heads) h where h->>'statutory' = ${kind} limit 1)`;

/** The slip s's tax deducted (paise) in the run r: the rules' figure, else (older slips) the TDS head's amount. */
export const slipTds = sql`coalesce((s.statutory->>'tds')::bigint, (s.amounts->>${statutoryHeadId('tds')})::numeric::bigint, 0)`;

interface RunRow extends Record<string, unknown> {
  id: number;
  year: number;
  month: number;
  unitName: string;
  /** The unit as deductor: its address and city, TAN and the employer's PAN. */
  unitAddress: string;
  unitCity: string;
  tan: string | null;
  deductorPan: string | null;
  heads: RunHead[];
}

interface SlipRow extends Record<string, unknown> {
  employeeId: number;
  runId: number;
  amounts: Record<string, number>;
  pt: string | null;
  tds: string | null;
  designationName: string;
}

interface EmployeeRow extends Record<string, unknown> {
  id: number;
  code: string;
  name: string;
  pan: string | null;
  joined: string;
  exited: string | null;
  dateOfBirth: string;
}

/** Employees with a slip of the year in one of the unit's final runs, by employee code. */
export async function form16EmployeesOfUnit(db: Db | Tx, unitId: number, financialYear: string): Promise<number[]> {
  const start = financialYearStart(financialYear);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select e.id from employees e where exists (
          select 1 from salary_slips s join payroll_runs r on r.id = s.run_id
          where s.employee_id = e.id and r.unit_id = ${unitId} and ${FINAL_RUN} and ${runInYear(start)})
        order by e.employee_code, e.id`,
  );
  return rows.map((r) => r.id);
}

/**
 * Form 16 records of the employees asked (in the order given; those without a slip in the year are left out).
 * `tables` may be passed in by a batch so the parameters are read once.
 */
export async function loadForm16Records(
  db: Db | Tx,
  employeeIds: readonly number[],
  financialYear: string,
  tables?: StatutoryTables,
): Promise<Form16Record[]> {
  if (employeeIds.length === 0) return [];
  const start = financialYearStart(financialYear);
  const fy = financialYearStarting(start);
  const ids = sql`(select jsonb_array_elements_text(${JSON.stringify(employeeIds)}::jsonb)::int)`;
  const runs = await queryRows<RunRow>(
    db,
    sql`select r.id, r.year, r.month, u.name as "unitName", u.address as "unitAddress", u.city as "unitCity",
          nullif(trim(u.tan), '') as tan, nullif(trim(u.deductor_pan), '') as "deductorPan", r.heads
        from payroll_runs r join units u on u.id = r.unit_id
        where ${FINAL_RUN} and ${runInYear(start)}
          and exists (select 1 from salary_slips s where s.run_id = r.id and s.employee_id in ${ids})`,
  );
  if (runs.length === 0) return [];
  const runOf = new Map(runs.map((r) => [r.id, r]));
  const slips = await queryRows<SlipRow>(
    db,
    sql`select s.employee_id as "employeeId", s.run_id as "runId", s.amounts, s.statutory->>'pt' as pt,
          s.statutory->>'tds' as tds,
          s.designation_name as "designationName"
        from salary_slips s
        where s.employee_id in ${ids}
          and s.run_id in (select jsonb_array_elements_text(${JSON.stringify(runs.map((r) => r.id))}::jsonb)::int)`,
  );
  const people = await queryRows<EmployeeRow>(
    db,
    sql`select e.id, e.employee_code as code, e.name, nullif(trim(e.pan), '') as pan, e.date_of_joining::text as joined,
          e.exit_date::text as exited, e.date_of_birth::text as "dateOfBirth"
        from employees e where e.id in ${ids}`,
  );
  const [org] = await queryRows<{ name: string; address: string; city: string }>(
    db,
    sql`select name, address, city from organisation order by id limit 1`,
  );
  const t = tables ?? (await loadStatutoryTables(db));
  // At the year's end: after a proof cut-off only proved claims count, as in the March run.
  const declarations = await effectiveDeclarations(db, employeeIds, financialYear, fy.endDate);
  // The salary of the year paid before going live (imported): this employer's months and a previous employer's.
  const earlier = await earlierSalaryRows(db, employeeIds, financialYear);

  const slipsOf = new Map<number, SlipRow[]>();
  for (const s of slips) {
    const list = slipsOf.get(s.employeeId);
    if (list) list.push(s);
    else slipsOf.set(s.employeeId, [s]);
  }
  const personOf = new Map(people.map((p) => [p.id, p]));
  const withCity = (address: string, city: string) =>
    city && !address.includes(city) ? [address, city].filter((x) => x.trim()).join(', ') : address;
  const orgAddress = withCity(org?.address ?? '', org?.city ?? '');
  // The deductor is the employer at the establishment (unit) of the employee's last salary of the year: its TAN,
  // the employer's PAN as kept on the unit, and the unit's address (the organisation's when the unit has none).
  const employerOf = (run: RunRow) => ({
    name: org?.name ?? '',
    address: run.unitAddress.trim() ? withCity(run.unitAddress, run.unitCity) : orgAddress,
    tan: run.tan,
    pan: run.deductorPan,
  });
  const out: Form16Record[] = [];
  for (const id of employeeIds) {
    const person = personOf.get(id);
    const own = slipsOf.get(id);
    if (!person || !own?.length) continue;
    const ordered = own
      .map((s) => ({ slip: s, run: runOf.get(s.runId)! }))
      .sort((a, b) => a.run.year * 100 + a.run.month - (b.run.year * 100 + b.run.month));
    const before = earlier.get(id) ?? [];
    const months: Form16Month[] = [...earlierMonths(before), ...ordered.map(({ slip, run }) => monthOf(slip, run))].sort(
      (a, b) => a.year * 100 + a.month - (b.year * 100 + b.month),
    );
    const previous = previousEmployerOf(
      declarations.get(id) ?? defaultDeclaration(id, financialYear),
      before.length ? totalsOf(before) : undefined,
    );
    const last = ordered[ordered.length - 1];
    const declaration = declarations.get(id) ?? defaultDeclaration(id, financialYear);
    const tax = incomeTaxParametersFor(t, financialYear, declaration.regime);
    if (!tax) throw new Conflict(`No income-tax parameters of the ${declaration.regime} regime for the financial year ${financialYear}`);
    out.push({
      financialYear,
      employer: employerOf(last.run),
      employee: {
        name: person.name,
        employeeCode: person.code,
        pan: person.pan,
        designation: last.slip.designationName,
        unitName: last.run.unitName,
      },
      periodFrom: person.joined > fy.startDate ? person.joined : fy.startDate,
      periodTo: person.exited && person.exited < fy.endDate ? person.exited : fy.endDate,
      tax,
      months,
      exemptions: withEarlierExemptions(tax, exemptionsOf(tax, declaration, ordered), before),
      // Sections the year's parameters do not know are left out (the declaration screen offers only known ones).
      deductions: Object.fromEntries(
        Object.entries(declaration.deductions)
          .filter(([k]) => k in tax.deductions.sections)
          .map(([k, v]) => [k, BigInt(v)]),
      ),
      previousEmployer: previous.income || previous.tds ? { salary: BigInt(previous.income), tds: BigInt(previous.tds) } : null,
      otherIncome: BigInt(declaration.otherIncome),
      relief89: BigInt(declaration.relief89),
      basicAndDa: basicAndDaOf(ordered),
      age: taxAgeInYear(person.dateOfBirth, financialYear),
    });
  }
  return out;
}

/**
 * Section 10(13A) under the regime of the year-end declaration: month by month, the least of the HRA received,
 * the rent paid (the declared rent as it counts at the year's end) over 10 % of basic + DA (the PF-wage heads),
 * and 50 % (metro) or 40 % of basic + DA. Worked out here rather than summed from the runs, whose months may have
 * been taxed under the other regime before the employee chose.
 */
function exemptionsOf(tax: IncomeTaxParameters, d: EffectiveDeclaration, slips: { slip: SlipRow; run: RunRow }[]): Form16Exemption[] {
  if (!tax.exemptionsAllowed || !tax.hra || d.rentPerMonth <= 0) return [];
  let amount = 0n;
  for (const { slip, run } of slips) {
    let hraReceived = 0n;
    let basicPlusDa = 0n;
    for (const h of run.heads) {
      const v = BigInt(Math.round(Number(slip.amounts[String(h.id)] ?? 0)));
      if ((h as RunHead & { isHra?: boolean }).isHra ?? h.code.toUpperCase() === 'HRA') hraReceived += v;
      if (h.isPfWage) basicPlusDa += v;
    }
    amount += hraExemption(tax.hra, { hraReceived, rentPaid: BigInt(d.rentPerMonth), basicPlusDa, metro: d.metro });
  }
  return amount > 0n ? [{ section: '10(13A)', label: 'House rent allowance', amount }] : [];
}

/** The year's basic + DA (the PF-wage heads, as the run's TDS reads them): 80CCD(2)'s cap is a share of it. */
function basicAndDaOf(slips: { slip: SlipRow; run: RunRow }[]): bigint {
  let total = 0n;
  for (const { slip, run } of slips) {
    for (const h of run.heads) if (h.isPfWage) total += BigInt(Math.round(Number(slip.amounts[String(h.id)] ?? 0)));
  }
  return total;
}

/** One slip as Form 16 reads it. */
function monthOf(slip: SlipRow, run: RunRow): Form16Month {
  const amount = (id: number | string | undefined): bigint => {
    if (id === undefined) return 0n;
    const v = slip.amounts[String(id)];
    return v == null ? 0n : BigInt(Math.round(Number(v)));
  };
  const earnings = run.heads
    .filter((h) => h.isEarning && !h.isNetPayHead)
    .map((h) => ({ name: h.printName, amount: amount(h.id), section: h.taxSection ?? null }));
  const ptHead = run.heads.find((h) => h.statutory === 'pt');
  const tdsHead = run.heads.find((h) => h.statutory === 'tds');
  return {
    year: run.year,
    month: run.month,
    earnings: earnings.filter((e) => e.amount !== 0n),
    professionalTax: slip.pt != null ? BigInt(slip.pt) : amount(ptHead?.id),
    tds: slip.tds != null ? BigInt(slip.tds) : amount(tdsHead?.id),
  };
}
