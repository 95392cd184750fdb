// How the figures of a parameter row read: a label and a unit for each field the rules know, a guess from the
// name for one they do not (a field added with a later kind still shows sensibly).
import { monthName } from '@/lib/months';

export type Unit = 'rupees' | 'percent' | 'months' | 'years' | 'date' | 'text' | 'yesno' | 'list';

const KNOWN: Record<string, [string, Unit?]> = {
  midMonthRule: ['A change within its first month applies', 'text'],
  employeeRate: ['Employee’s rate', 'percent'],
  employerRate: ['Employer’s rate', 'percent'],
  epsRate: ['Pension (EPS) rate', 'percent'],
  wageCeiling: ['Wage ceiling', 'rupees'],
  edliRate: ['EDLI rate', 'percent'],
  edliWageCeiling: ['EDLI wage ceiling', 'rupees'],
  adminChargeRate: ['Administration charges', 'percent'],
  adminChargeMinimum: ['Administration charges, monthly minimum', 'rupees'],
  epsMaxAge: ['EPS ends at age', 'years'],
  epsHighWageJoinerFrom: ['No EPS for joiners above the ceiling from', 'date'],
  disabledWageCeiling: ['Wage ceiling, person with disability', 'rupees'],
  employeeExemptDailyWage: ['No employee share at a daily wage up to', 'rupees'],
  periodStartMonths: ['Contribution periods begin in', 'months'],
  frequency: ['Deducted', 'text'],
  dueMonths: ['Due in', 'months'],
  basis: ['Slabs are of', 'text'],
  slabs: ['Slabs'],
  femaleSlabs: ['Slabs for women'],
  bands: ['Bands'],
  financialYear: ['Financial year', 'text'],
  regime: ['Regime', 'text'],
  standardDeduction: ['Standard deduction', 'rupees'],
  rebate87A: ['Rebate u/s 87A'],
  incomeUpTo: ['For income up to', 'rupees'],
  maxRebate: ['Rebate up to', 'rupees'],
  marginalRelief: ['Marginal relief', 'yesno'],
  surcharge: ['Surcharge'],
  cessRate: ['Health and education cess', 'percent'],
  exemptionsAllowed: ['Exemptions allowed', 'yesno'],
  professionalTaxCap: ['Professional tax deducted up to', 'rupees'],
  deductions: ['Deductions'],
  sections: ['Limits by section', 'rupees'],
  groups: ['Shared limits'],
  salaryShare: ['Limits as a share of salary', 'percent'],
  hra: ['HRA exemption'],
  metroRate: ['Of salary in a metro', 'percent'],
  otherRate: ['Of salary elsewhere', 'percent'],
  rentOverSalaryRate: ['Rent above this share of salary', 'percent'],
  ageSlabs: ['Slabs by age'],
  fromAge: ['From age', 'years'],
  from: ['From', 'rupees'],
  upTo: ['Up to', 'rupees'],
  above: ['Above', 'rupees'],
  amount: ['Amount', 'rupees'],
  employee: ['Employee', 'rupees'],
  employer: ['Employer', 'rupees'],
  rate: ['Rate', 'percent'],
  cap: ['Limit', 'rupees'],
  name: ['Name', 'text'],
  months: ['In some months', 'text'],
  ceiling: ['Most gratuity payable', 'rupees'],
  taxExemption: ['Exempt from income tax up to', 'rupees'],
  rules: ['Rules the registers follow', 'text'],
  forms: ['Registers'],
  wages: ['Register of wages', 'text'],
  loans: ['Register of loans / advances', 'text'],
};

/** 'wageCeiling' → 'Wage ceiling'; '80C' stays '80C'. */
function humanize(key: string): string {
  if (!/^[a-z]+[A-Z]/.test(key)) return key;
  const words = key.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function labelOf(key: string): string {
  return KNOWN[key]?.[0] ?? humanize(key);
}

/** The unit of a field, by its name (or its parent's, for the entries of a record such as the sections' limits). */
export function unitOf(key: string, value: unknown, parent?: string): Unit {
  const known = KNOWN[key]?.[1] ?? (parent ? KNOWN[parent]?.[1] : undefined);
  if (known) return known;
  if (typeof value === 'boolean') return 'yesno';
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(value) ? 'date' : 'text';
  if (Array.isArray(value)) return /Months$/.test(key) ? 'months' : 'list';
  if (/(Rate|Percent)$/.test(key)) return 'percent';
  if (/Age$/.test(key)) return 'years';
  return 'rupees';
}

const rupees = (n: number) => `₹${n.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

/** A figure as a reader wants it: ₹25,000, 12 %, April and October, Yes. */
export function formatFigure(unit: Unit, value: unknown): string {
  if (value === null || value === undefined) return unit === 'rupees' ? 'No limit' : '—';
  switch (unit) {
    case 'rupees':
      return typeof value === 'number' ? rupees(value) : String(value);
    case 'percent':
      return `${value} %`;
    case 'years':
      return `${value} years`;
    case 'yesno':
      return value ? 'Yes' : 'No';
    case 'months':
      return Array.isArray(value) ? value.map((m) => monthName(Number(m))).join(', ') : String(value);
    case 'list':
      return Array.isArray(value) ? value.join(', ') : String(value);
    case 'text':
      return typeof value === 'object' ? monthOverrides(value as Record<string, number>) : String(value);
    default:
      return String(value);
  }
}

/** A slab's amounts in some months ({ '2': 300 }) as 'February ₹300'. */
export function monthOverrides(months: Record<string, number>): string {
  return Object.entries(months)
    .map(([m, v]) => `${monthName(Number(m))} ${rupees(v)}`)
    .join(', ');
}
