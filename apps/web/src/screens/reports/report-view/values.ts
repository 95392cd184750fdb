import { todayIso } from '@/lib/format';
import type { TReportMeta, TReportValues } from '../api';

/** The filters' starting values: last month, the current financial year, this month so far. */
export function initialValues(meta: TReportMeta): TReportValues {
  const today = todayIso();
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const kinds = new Set(meta.filters.map((f) => f.kind));
  const v: TReportValues = {};
  if (kinds.has('month')) {
    v.year = m === 1 ? y - 1 : y;
    v.month = m === 1 ? 12 : m - 1;
  } else if (kinds.has('dateRange')) {
    v.from = `${today.slice(0, 8)}01`;
    v.to = today;
  }
  if (kinds.has('financialYear')) v.financialYear = m >= 4 ? y : y - 1;
  // The quarter before the current one (the one whose return is due).
  if (kinds.has('quarter')) {
    const current = m >= 4 ? Math.ceil((m - 3) / 3) : 4;
    v.quarter = current === 1 ? 4 : current - 1;
    if (current === 1 && v.financialYear) v.financialYear = (v.financialYear as number) - 1;
  }
  return v;
}

/** Whether every required filter has a value (the report runs only then). */
export function missingRequired(meta: TReportMeta, v: TReportValues): string[] {
  const missing: string[] = [];
  for (const f of meta.filters) {
    if (!f.required) continue;
    if (f.kind === 'unit' && !v.unitId) missing.push('a unit');
    if (f.kind === 'employee' && !v.employeeId) missing.push('an employee');
    if (f.kind === 'financialYear' && !v.financialYear) missing.push('a financial year');
    if (f.kind === 'month' && (!v.year || !v.month)) missing.push('a month');
    if (f.kind === 'dateRange' && (!v.from || !v.to)) missing.push('a date range');
    if (f.kind === 'status' && !v.status) missing.push('a status');
    if (f.kind === 'state' && !v.stateId) missing.push('a state');
    if (f.kind === 'quarter' && !v.quarter) missing.push('a quarter');
  }
  return missing;
}
