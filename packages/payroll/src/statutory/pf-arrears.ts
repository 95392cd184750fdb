// PF arrears of a month already approved or locked: when a parameter row added later reaches back into it (a
// ceiling raised with an earlier effective date, a rate changed), the month's slips are never rewritten; each
// member's difference — what the month's parameters now make due on the wages the slip carries, less what the slip
// and earlier arrears carried — is paid as arrears in the next open month, with the establishment's administration
// charges on the new EPF wages less those recorded, and reported to EPFO in a supplementary (arrear) ECR: the
// ECR 2.0 layout for the wage month, uploaded as ECR type "Arrear", whose wages and contributions are the
// differences. Only what is due more is an arrear: a member whose figures would fall (a lower ceiling) keeps
// what was remitted. The employer remits the member's share too; whether it may take it back from the member is the
// approver's choice (modules/payroll statutory-arrears.ts): EPF Scheme 1952 para 32 — "no such deduction may be made
// from any wage other than that which is paid in respect of the period ... for which the contribution is payable",
// save a false declaration at joining, or an accidental or clerical error with the Inspector's written consent — so
// by default the employer bears it; recovered, it is a PF deduction of the next pay, never a cut of its earnings.
import type { Paise } from '../money';
import type { EcrMember } from './ecr';
import { computePf, type PfParameters, type PfResult, pfAdminCharges } from './pf';

/** A member's PF figures as a slip (or earlier arrears) carried them, paise. */
export interface PfCarried {
  pfWages: Paise;
  epfWages: Paise;
  epsWages: Paise;
  edliWages: Paise;
  employee: Paise;
  eps: Paise;
  epf: Paise;
  edli: Paise;
}

export interface PfArrearInput {
  /** The slip's figures (its `pfWages` is the PF wages earned, before the ceiling). */
  slip: PfCarried;
  /** Arrears already raised for the month (not rejected), summed; none: zeros. */
  earlier?: Omit<PfCarried, 'pfWages'>;
  /** The employee's option to contribute on wages up to the ceiling, used where the slip does not show it. */
  restrictToCeiling: boolean;
}

const FIELDS = ['epfWages', 'epsWages', 'edliWages', 'employee', 'eps', 'epf', 'edli'] as const;

/**
 * The member's arrears for the month under `p` (the month's parameters as now in force), or null when nothing more
 * is due. The slip tells whether the member was in EPS (EPS wages above nil) and contributed on wages above the
 * ceiling (EPF wages above the EPS/EDLI wages); a slip that cannot tell uses the employee's option.
 */
export function pfArrear(p: PfParameters, input: PfArrearInput): PfResult | null {
  const { slip } = input;
  if (slip.pfWages <= 0n) return null;
  const restrictToCeiling = slip.epfWages < slip.pfWages ? true : slip.epfWages > slip.edliWages ? false : input.restrictToCeiling;
  const due = computePf(p, { pfWages: slip.pfWages, restrictToCeiling, epsEligible: slip.epsWages > 0n });
  const out = {} as PfResult;
  let more = false;
  for (const k of FIELDS) {
    const carried = slip[k] + (input.earlier?.[k] ?? 0n);
    const d = due[k] - carried;
    out[k] = d > 0n ? d : 0n;
    if (k === 'employee' || k === 'eps' || k === 'epf' || k === 'edli') more ||= d > 0n;
  }
  return more ? out : null;
}

/** The establishment's administration charges still due for the month: on the EPF wages now due, less those paid. */
export function pfAdminChargesArrear(p: PfParameters, epfWagesDue: Paise, chargedSoFar: Paise): Paise {
  const d = pfAdminCharges(p, epfWagesDue) - chargedSoFar;
  return d > 0n ? d : 0n;
}

/** An arrear ECR line: the wage differences as the member's wages (gross included), no NCP days. */
export function arrearEcrMember(m: { uan: string; name: string; arrear: PfResult }): EcrMember {
  return { uan: m.uan, name: m.name, grossWages: m.arrear.epfWages, pf: m.arrear, ncpDays: 0 };
}
