// The Electronic Challan cum Return (ECR 2.0) text file the EPFO unified portal takes for a wage month: one
// line per member, eleven fields joined by '#~#' — UAN, member name, gross wages, EPF wages, EPS wages, EDLI
// wages, EPF contribution (the member's share), EPS contribution, EPF–EPS difference (the employer's EPF share),
// NCP days, refund of advances — amounts in whole rupees. Members' names are checked against the characters EPFO
// accepts before the file is written (ecrNameProblem).
import type { Paise } from '../money';
import { divide } from './dated';
import type { PfResult } from './pf';

export const ECR_SEPARATOR = '#~#';

export interface EcrMember {
  /** Universal Account Number, 12 digits. */
  uan: string;
  /** As registered against the UAN. */
  name: string;
  /** The month's gross wages, paise. */
  grossWages: Paise;
  /** The month's PF figures (computePf). */
  pf: PfResult;
  /** Non-contributing days (leave without pay, absence) in the month. */
  ncpDays: number;
  /** Refund of advances taken from the fund, paise. */
  refundOfAdvances?: Paise;
}

export interface EcrProblem {
  /** 0-based position in the list given. */
  row: number;
  field: 'uan' | 'name' | 'ncpDays' | 'amounts';
  message: string;
}

/** The members' lines cannot make an ECR the portal accepts; every problem is listed. */
export class EcrError extends Error {
  constructor(readonly problems: EcrProblem[]) {
    super(`The ECR cannot be built: ${problems.map((p) => `row ${p.row + 1} ${p.field}: ${p.message}`).join('; ')}`);
  }
}

const rupeeText = (p: Paise): string => divide(p, 100n, 'nearest').toString();

/**
 * The member's name as EPFO's ECR accepts it (ECR 2.0 file format, field 2 "Member Name", Character (85): no special
 * characters other than '.'; ECR error 004: the first character an alphabet, at most 85 characters): letters of the
 * English alphabet, spaces and full stops, beginning with a letter.
 */
export const ECR_NAME_MAX = 85;
const ECR_NAME = /^[A-Za-z][A-Za-z. ]*$/;

/** Why EPFO would refuse a member's name (null when it is accepted); spaces are collapsed as the line writes them. */
export function ecrNameProblem(raw: string): string | null {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (!name) return 'The member’s name is missing';
  if (name.length > ECR_NAME_MAX) return `The name is longer than ${ECR_NAME_MAX} characters`;
  if (!/^[A-Za-z]/.test(name)) return 'The name must begin with a letter (EPFO accepts letters, spaces and full stops)';
  if (!ECR_NAME.test(name)) {
    const bad = [...new Set(name.replace(/[A-Za-z. ]/g, ''))].map((c) => `'${c}'`).join(' ');
    return `The name holds characters EPFO does not accept (${bad}): only letters, spaces and full stops`;
  }
  return null;
}

function problemsOf(m: EcrMember, row: number): EcrProblem[] {
  const problems: EcrProblem[] = [];
  if (!/^\d{12}$/.test(m.uan.trim())) problems.push({ row, field: 'uan', message: 'A UAN is 12 digits' });
  const nameProblem = ecrNameProblem(m.name);
  if (nameProblem) problems.push({ row, field: 'name', message: nameProblem });
  if (!Number.isInteger(m.ncpDays) || m.ncpDays < 0 || m.ncpDays > 31)
    problems.push({ row, field: 'ncpDays', message: 'NCP days are a whole number of days, 0 to 31' });
  const amounts = [m.grossWages, m.pf.epfWages, m.pf.epsWages, m.pf.edliWages, m.pf.employee, m.pf.eps, m.pf.epf, m.refundOfAdvances ?? 0n];
  if (amounts.some((a) => a < 0n)) problems.push({ row, field: 'amounts', message: 'Amounts must not be negative' });
  return problems;
}

/** One member's line. */
export function ecrLine(m: EcrMember): string {
  return [
    m.uan.trim(),
    m.name.trim().replace(/\s+/g, ' '),
    rupeeText(m.grossWages),
    rupeeText(m.pf.epfWages),
    rupeeText(m.pf.epsWages),
    rupeeText(m.pf.edliWages),
    rupeeText(m.pf.employee),
    rupeeText(m.pf.eps),
    rupeeText(m.pf.epf),
    String(m.ncpDays),
    rupeeText(m.refundOfAdvances ?? 0n),
  ].join(ECR_SEPARATOR);
}

/** The whole file (lines joined by newlines, none after the last); throws EcrError listing every bad row. */
export function buildEcr(members: readonly EcrMember[]): string {
  const problems = members.flatMap(problemsOf);
  if (problems.length) throw new EcrError(problems);
  const uans = new Map<string, number>();
  members.forEach((m, row) => {
    const first = uans.get(m.uan.trim());
    if (first !== undefined) problems.push({ row, field: 'uan', message: `The same UAN as row ${first + 1}` });
    else uans.set(m.uan.trim(), row);
  });
  if (problems.length) throw new EcrError(problems);
  return members.map(ecrLine).join('\n');
}
