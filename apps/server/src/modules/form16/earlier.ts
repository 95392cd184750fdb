// Form 16 / 130 with the salary paid before going live (issue 26): this employer's imported months are salary from
// this employer (Part B item 1, and Part A's months: a year-to-date row is spread evenly over the months it covers,
// the paise left over in its last month), their exempt allowances join the section 10 lines where the regime allows
// them, and an imported Form 12B is the previous employer's salary and tax (its own item).
import type { Form16Exemption, Form16Month } from '@hr/documents';
import type { IncomeTaxParameters } from '@hr/payroll';
import type { EarlierSalaryRow } from '../tax/earlier-salary';

export const EARLIER_SALARY_LABEL = 'Salary paid before going live';

function monthsOf(from: string, to: string): { year: number; month: number }[] {
  const out: { year: number; month: number }[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const end = Number(to.slice(0, 4)) * 100 + Number(to.slice(5, 7));
  while (year * 100 + month <= end) {
    out.push({ year, month });
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year++;
  }
  return out;
}

/** `total` paise in `n` equal parts, the remainder in the last. */
function spread(total: number, n: number): bigint[] {
  const each = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => BigInt(i === n - 1 ? total - each * (n - 1) : each));
}

/** The imported rows of this employer as Form 16 months. */
export function earlierMonths(rows: readonly EarlierSalaryRow[]): Form16Month[] {
  const out: Form16Month[] = [];
  for (const r of rows) {
    if (!r.fromMonth || !r.toMonth) continue;
    const months = monthsOf(r.fromMonth, r.toMonth);
    const gross = spread(r.gross, months.length);
    const pt = spread(r.pt, months.length);
    const tds = spread(r.tds, months.length);
    for (const [i, m] of months.entries()) {
      out.push({
        ...m,
        earnings: gross[i] ? [{ name: EARLIER_SALARY_LABEL, amount: gross[i], section: null }] : [],
        professionalTax: pt[i],
        tds: tds[i],
      });
    }
  }
  return out;
}

/** The section 10 lines with the imported exempt allowances added (none where the regime allows no exemption). */
export function withEarlierExemptions(
  tax: IncomeTaxParameters,
  lines: readonly Form16Exemption[],
  rows: readonly EarlierSalaryRow[],
): Form16Exemption[] {
  if (!tax.exemptionsAllowed) return [...lines];
  const out = lines.map((l) => ({ ...l }));
  const add = (section: string, label: string, amount: number) => {
    if (amount <= 0) return;
    const line = out.find((l) => l.section === section);
    if (line) line.amount += BigInt(amount);
    else out.push({ section, label, amount: BigInt(amount) });
  };
  for (const r of rows) {
    add('10(13A)', 'House rent allowance', r.hraExempt);
    add('10(5)', 'Leave travel concession', r.ltaExempt);
    add(r.otherExemptSection ?? '10', 'Other exempt allowance', r.otherExempt);
  }
  return out;
}
