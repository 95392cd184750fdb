// The ESI, professional tax and labour welfare fund rows of a wage month. As with PF (pf-month.ts), a row taking effect
// on the 1st governs the month; a row taking effect later in the month applies as its own `midMonthRule` says —
// 'wholeMonth' (the month it takes effect in is under the new row) or 'nextMonth' (the month stays under the row in
// force when it began) — none of these authorities weighs a month by days. A row without a rule follows its
// authority's (MID_MONTH_DEFAULT), and the release's rows carry the rule written out (parameters.ts):
// - ESI: contributions are payable "in respect of each wage period" and fall due on its last day (ESI Act 1948
//   s.39(4)); ESIC's revisions (the ₹21,000 ceiling from 1 Jan 2017, the 4 % rate from 1 Jul 2019, G.S.R. 423(E))
//   apply to the wage period in which they take effect — from July 2019's wages. So a change applies to the whole
//   wage period (month) in which it takes effect: 'wholeMonth'. Coverage stays judged per contribution period
//   (esi.ts esiCovered: covered in any month of the period, covered to its end).
// - Professional tax: each state's Act taxes the salary "for a month" by the slab of the schedule in force for that
//   month; a month that began under a slab is taxed by it, and an amendment applies from the first month wholly
//   under it: 'nextMonth' (the states' amendments so far took effect on a month's or half-year's first day, e.g.
//   Karnataka 1 Apr 2023, Kerala 1 Oct 2024, where the rules agree). A state whose notification says otherwise: set
//   'wholeMonth' on its row.
// - Labour welfare fund: the contribution of a period is deducted from the wages of its due month (30 June,
//   31 December; every month in Haryana), at the rate in force on that deduction date, the month's last day: a row
//   taking effect within a due month governs it, 'wholeMonth'.
import type { EsiParameters } from './esi';
import type { LwfParameters } from './lwf';
import { monthSegments } from './pf-month';
import type { PtParameters } from './pt';

/** The rules a row of these kinds may carry (day-weighting is PF's alone). */
export type WholeMonthRule = 'nextMonth' | 'wholeMonth';

/** What each authority does with a change taking effect within a month, for a row that does not say. */
export const MID_MONTH_DEFAULT: Readonly<Record<'esi' | 'pt' | 'lwf', WholeMonthRule>> = {
  esi: 'wholeMonth',
  pt: 'nextMonth',
  lwf: 'wholeMonth',
};

/** The one row governing a month under the rows' rules (`defaultRule` where a row has none); undefined: none. */
export function rowForMonth<T extends EsiParameters | PtParameters | LwfParameters>(
  rows: readonly T[],
  year: number,
  month: number,
  defaultRule: WholeMonthRule,
): T | undefined {
  const segments = monthSegments(rows, year, month, defaultRule);
  if (!segments.length) return undefined;
  // A row marked day-weighted (refused when saved) still yields one row: the one governing the most days, the later on a tie.
  return segments.reduce((best, s) => (s.days >= best.days ? s : best)).row;
}

export const esiParametersForMonth = (rows: readonly EsiParameters[], year: number, month: number) =>
  rowForMonth(rows, year, month, MID_MONTH_DEFAULT.esi);
export const ptParametersForMonth = (rows: readonly PtParameters[], year: number, month: number) =>
  rowForMonth(rows, year, month, MID_MONTH_DEFAULT.pt);
export const lwfParametersForMonth = (rows: readonly LwfParameters[], year: number, month: number) =>
  rowForMonth(rows, year, month, MID_MONTH_DEFAULT.lwf);

/** The rule's reason, added to the source of each release row it is written into. */
const RULE_SOURCE: Readonly<Record<keyof typeof MID_MONTH_DEFAULT, string>> = {
  esi:
    'A change taking effect within a month applies to that whole wage period: contributions are payable for each wage ' +
    'period and fall due on its last day (ESI Act 1948 s.39(4)); ESIC’s revisions apply from the wages of the period ' +
    'they take effect in.',
  pt:
    'A change taking effect within a month applies from the next month: the salary for a month is taxed by the slab ' +
    'in force when that month began.',
  lwf:
    'A change taking effect within a due month applies to it: the contribution is deducted at the rate in force on ' +
    'the deduction date, the due month’s last day.',
};

/** The release's ESI, PT and LWF rows with their authority's mid-month rule written in (a rule a row has is kept). */
export function withMidMonthRules<R extends { kind: string; source: string; data: object }>(rows: readonly R[]): R[] {
  return rows.map((r) => {
    if (r.kind !== 'esi' && r.kind !== 'pt' && r.kind !== 'lwf') return r;
    const data = r.data as { midMonthRule?: WholeMonthRule };
    if (data.midMonthRule) return r;
    return {
      ...r,
      source: `${r.source} ${RULE_SOURCE[r.kind]}`,
      data: { midMonthRule: MID_MONTH_DEFAULT[r.kind], ...data },
    };
  });
}
