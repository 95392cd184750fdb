// Which form a register of wages follows is dated data (statutory parameter kind 'labour_registers', issue 25): a wage
// month follows the row in force on its first day, so months up to May 2026 keep the Ease of Compliance Rules, 2017
// (Form B, Form C) and the months after the Code on Wages (Central) Rules, 2026 (G.S.R. 343(E) of 8 May 2026) took
// effect follow those rules. The registers print the form, the rules and their notification in their summary lines.
import { registerFormsForMonth } from '@hr/payroll';
import { loadStatutoryTables } from '../../statutory/parameters';
import type { ReportContext, ReportSummaryLine } from '../define';

type Register = 'wages' | 'loans';

const text = (label: string, value: string): ReportSummaryLine => ({ label, value, type: 'text' });

/** The form and rules of a register for one wage month. */
export async function monthFormLines(ctx: ReportContext, register: Register): Promise<ReportSummaryLine[]> {
  const { year, month } = ctx.f;
  if (year === undefined || month === undefined) return [];
  const rows = (await loadStatutoryTables(ctx.db)).labourRegisters;
  const row = registerFormsForMonth(rows, year, month);
  if (!row) return [];
  return [text('Register', row.forms[register]), text('Rules', row.rules)];
}

/**
 * The forms of a register over a financial year (April to March): one line per form the year's months follow, with
 * the months it covers, when the rules changed within the year.
 */
export async function yearFormLines(ctx: ReportContext, register: Register): Promise<ReportSummaryLine[]> {
  const start = ctx.f.financialYear;
  if (start === undefined) return [];
  const rows = (await loadStatutoryTables(ctx.db)).labourRegisters;
  const spans: { form: string; rules: string; from: string; to: string }[] = [];
  for (let i = 0; i < 12; i++) {
    const year = i < 9 ? start : start + 1;
    const month = ((i + 3) % 12) + 1;
    const row = registerFormsForMonth(rows, year, month);
    if (!row) continue;
    const ym = `${year}-${String(month).padStart(2, '0')}`;
    const last = spans.at(-1);
    if (last && last.form === row.forms[register] && last.rules === row.rules) last.to = ym;
    else spans.push({ form: row.forms[register], rules: row.rules, from: ym, to: ym });
  }
  if (spans.length === 1) return [text('Register', spans[0].form), text('Rules', spans[0].rules)];
  return spans.map((s) => text(`Register ${s.from} to ${s.to}`, `${s.form} (${s.rules})`));
}
