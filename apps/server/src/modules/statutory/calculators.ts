// The statutory calculators (issue 13): income tax on a year's salary in either regime, and a month's PF, ESI,
// professional tax and labour welfare fund for one wage figure in a state, from the dated parameters of
// statutory_parameters (a figure an administrator adds is used at once).
import type { TTaxComputeResult, ZStatutoryCompute, ZStatutoryComputeResult, ZTaxCompute } from '@hr/contract';
import {
  computeEsi,
  computeIncomeTax,
  computeLwf,
  computePf,
  computePt,
  esiCovered,
  esiParametersForMonth,
  type IncomeTaxParameters,
  incomeTaxParametersFor,
  lwfParametersForMonth,
  pfParametersForMonth,
  ptParametersForMonth,
  type TaxInput,
  taxAgeInYear,
  toPaise,
  toRupees,
  UnknownSectionError,
} from '@hr/payroll';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client';
import { BadRequest } from '../../lib/errors';
import { loadStatutoryTables } from './parameters';

/** The calculator's answer (rupees) for a year's figures in one regime: the compute endpoint and the declarations' comparison. */
export function computeTaxView(p: IncomeTaxParameters, input: TaxInput): TTaxComputeResult {
  const result = computeIncomeTax(p, input);
  return {
    financialYear: p.financialYear,
    regime: p.regime,
    annualGrossSalary: toRupees(result.grossSalary),
    standardDeduction: toRupees(result.standardDeduction),
    exemptions: toRupees(result.exemptions),
    professionalTax: toRupees(result.professionalTax),
    houseProperty: toRupees(result.houseProperty),
    otherIncome: toRupees(result.otherIncome),
    grossTotalIncome: toRupees(result.grossTotalIncome),
    deductions: Object.fromEntries(Object.entries(result.deductions).map(([k, v]) => [k, toRupees(v)])),
    taxableIncome: toRupees(result.taxableIncome),
    taxOnIncome: toRupees(result.taxOnIncome),
    rebate: toRupees(result.rebate),
    surcharge: toRupees(result.surcharge),
    cess: toRupees(result.cess),
    totalTax: toRupees(result.totalTax),
  };
}

/** Income tax on a year's figures in one regime (400 for a year without rates or an unknown section). */
export async function taxCalculation(db: Db, log: FastifyBaseLogger, body: z.infer<typeof ZTaxCompute>): Promise<TTaxComputeResult> {
  const tables = await loadStatutoryTables(db, log);
  const p = incomeTaxParametersFor(tables, body.financialYear, body.regime);
  if (!p) throw new BadRequest('No tax rates are known for that financial year', { financialYear: ['No tax rates for this year'] });
  // 80CCD(2) is capped at a share of basic + DA; without it, of the gross salary (said in the answer).
  const age = body.dateOfBirth ? taxAgeInYear(body.dateOfBirth, body.financialYear) : null;
  const nps = body.deductions?.['80CCD(2)'] === undefined ? {} : { npsCapOn: body.basicAndDa === undefined ? 'grossSalary' : 'basicAndDa' };
  try {
    const view = computeTaxView(p, {
      age: age ?? undefined,
      basicAndDa: body.basicAndDa === undefined ? undefined : toPaise(body.basicAndDa),
      grossSalary: toPaise(body.annualGrossSalary),
      exemptions: body.exemptions === undefined ? undefined : toPaise(body.exemptions),
      professionalTax: body.professionalTax === undefined ? undefined : toPaise(body.professionalTax),
      otherIncome: body.otherIncome === undefined ? undefined : toPaise(body.otherIncome),
      deductions: Object.fromEntries(Object.entries(body.deductions ?? {}).map(([k, v]) => [k, toPaise(v)])),
    });
    return { ...view, ...(age === null ? {} : { age }), ...(nps as Pick<TTaxComputeResult, 'npsCapOn'>) };
  } catch (e) {
    if (e instanceof UnknownSectionError) {
      throw new BadRequest(`Unknown section '${e.section}'`, {
        [`deductions.${e.section}`]: [`Not a deduction section (known: ${Object.keys(p.deductions.sections).join(', ')})`],
      });
    }
    throw e;
  }
}

/** A month's PF, ESI, PT and LWF on the given wages in a state (400 for an unknown state or a month without rates). */
export async function statutoryCalculation(
  db: Db,
  log: FastifyBaseLogger,
  body: z.infer<typeof ZStatutoryCompute>,
): Promise<z.infer<typeof ZStatutoryComputeResult>> {
  const [state] = await queryRows<{ code: string | null; name: string }>(
    db,
    sql`select code, name from states
        where is_active and (lower(name) = lower(${body.state}) or lower(code) = lower(${body.state}))
        order by (lower(code) = lower(${body.state})) desc nulls last limit 1`,
  );
  if (!state) throw new BadRequest('Unknown state', { state: ['No such state in the states list'] });
  const tables = await loadStatutoryTables(db, log);
  const pfParams = pfParametersForMonth(tables.pf, body.year, body.month);
  const esiParams = esiParametersForMonth(tables.esi, body.year, body.month);
  if (!pfParams || !esiParams) {
    throw new BadRequest('No PF or ESI rates are known for that month', { year: ['No statutory rates in force for this month'] });
  }
  const code = (state.code ?? '').toUpperCase();
  const pfWages = toPaise(body.pfWages);
  const gross = toPaise(body.grossWages);
  const daysInMonth = new Date(Date.UTC(body.year, body.month, 0)).getUTCDate();
  const paidDays = Math.min(body.paidDays ?? daysInMonth, daysInMonth);
  const pf = computePf(pfParams, { pfWages, restrictToCeiling: body.pfRestrictToCeiling, epsEligible: body.epsEligible });
  const covered = esiCovered(esiParams, [gross], body.disabled ?? false);
  const esi = computeEsi(esiParams, { covered, grossWages: gross, paidDays });
  const ptParams = ptParametersForMonth(tables.pt.get(code) ?? [], body.year, body.month);
  const pt = computePt(ptParams, { month: body.month, monthlyGross: gross, gender: body.gender });
  const lwf = computeLwf(lwfParametersForMonth(tables.lwf.get(code) ?? [], body.year, body.month), {
    month: body.month,
    grossWages: gross,
  });
  return {
    state: { code, name: state.name },
    pf: { employee: toRupees(pf.employee), eps: toRupees(pf.eps), epf: toRupees(pf.epf), edli: toRupees(pf.edli) },
    esi: { covered, employee: toRupees(esi.employee), employer: toRupees(esi.employer) },
    pt: toRupees(pt),
    lwf: { employee: toRupees(lwf.employee), employer: toRupees(lwf.employer) },
  };
}
