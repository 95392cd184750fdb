// The audit trail as a reader wants it (issue 28): the stored lines keep table names, field keys, paise and ids;
// this layer shows the screens' words instead — the kind of record by the masters registry's title (else the table
// name in words), each field by its label on the master's form (else its key in words), money columns (integer
// paise, bigint) in rupees, and ids of the common references (employee, unit, user, a master's select fields)
// resolved to names, one query per referenced table for the whole page. The stored rows are never changed.
import { auditChanges, getResource, type TAuditChange, type TResource } from '@hr/contract';
import { formatINR } from '@hr/payroll';
import { getTableColumns, getTableName, inArray, is, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import * as s from '../../db/schema';
import { TABLES } from '../masters/tables';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** 'payroll_runs' → 'Payroll runs'; 'designationId' → 'Designation'; 'isPfWage' → 'Is pf wage'. */
export function inWords(key: string): string {
  const words = key
    .replace(/Id$/, '')
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : key;
}

const tables: PgTable[] = (Object.values(s) as unknown[]).filter((v): v is PgTable => is(v, PgTable));

/** The masters registry's resource kept in each table (the masters write the table's name as the entity). */
const resourceByTable = new Map<string, TResource>();
for (const [name, spec] of Object.entries(TABLES)) {
  const r = getResource(name);
  if (r) resourceByTable.set(getTableName(spec.table), r);
}

/** Money columns of a table: integer paise kept as bigint (ids, references and counts excluded). */
const moneyOf = new Map<string, Set<string>>();
for (const t of tables) {
  const keys = Object.entries(getTableColumns(t))
    .filter(([k, c]) => (c as PgColumn).columnType === 'PgBigInt53' && !/(Id|^id|Bytes|Size|Count|Seq)$/.test(k))
    .map(([k]) => k);
  if (keys.length) moneyOf.set(getTableName(t), new Set(keys));
}

/** Where a reference field's names are: the table and its name column. */
type NameSource = { table: PgTable; id: PgColumn; label: SQL };
const nameSource = (t: PgTable, label: SQL): NameSource => ({ table: t, id: (getTableColumns(t) as Record<string, PgColumn>).id, label });
const COMMON: Record<string, NameSource> = {
  employeeId: nameSource(s.employees, sql`${s.employees.name} || ' (' || ${s.employees.employeeCode} || ')'`),
  unitId: nameSource(s.units, sql`${s.units.name}`),
  departmentId: nameSource(s.departments, sql`${s.departments.name}`),
  designationId: nameSource(s.designations, sql`${s.designations.name}`),
  userId: nameSource(s.users, sql`${s.users.fullName}`),
  roleId: nameSource(s.roles, sql`${s.roles.name}`),
  leaveTypeId: nameSource(s.leaveTypes, sql`${s.leaveTypes.name}`),
};
/** The record itself named, for the kinds of record that have a name. */
const RECORD: Record<string, NameSource> = {
  employees: COMMON.employeeId,
  units: COMMON.unitId,
  users: COMMON.userId,
  // A salary run by its unit and month, as the run screen names it ("Chennai Branch, Sep 2026").
  payroll_runs: nameSource(
    s.payrollRuns,
    sql`coalesce((select u.name from units u where u.id = ${s.payrollRuns.unitId}), 'All units') || ', ' ||
      to_char(make_date(${s.payrollRuns.year}::int, ${s.payrollRuns.month}::int, 1), 'Mon YYYY')`,
  ),
};

/** The screens' names of the records that are not masters (the masters registry names its own). */
const TITLES: Record<string, string> = {
  payroll_runs: 'Salary run',
  salary_advances: 'Salary advance',
  salary_formulas: 'Salary formula',
  salary_structures: 'Salary structure',
  salary_payments: 'Salary payment',
  earlier_salaries: 'Earlier salary',
  bonuses: 'Bonus',
  approvals: 'Approval',
  requests: 'Request',
  tax_declarations: 'Tax declaration',
  tax_declaration_lines: 'Tax declaration line',
  leave_ledger: 'Leave ledger',
  exit_settlements: 'Full and final settlement',
  exit_settlement_payments: 'Settlement payment',
  exit_adjustments: 'Settlement adjustment',
  separations: 'Separation',
  statutory_parameters: 'Statutory parameter',
  statutory_arrears: 'Statutory arrears',
  employee_documents: 'Employee document',
  employee_change_requests: 'Profile change request',
  shift_assignments: 'Shift assignment',
  daily_attendance: 'Daily attendance',
  monthly_attendance: 'Monthly attendance',
  late_punches: 'Late punch',
  regularisations: 'Attendance correction',
  role_menu_access: 'Role menu access',
  organisation: 'Organisation',
};

function referenceOf(entity: string, field: string): NameSource | undefined {
  const f = resourceByTable.get(entity)?.fields[field] as { kind?: string; reference?: string } | undefined;
  if (f?.kind === 'select' && f.reference) {
    const spec = (TABLES as Record<string, { table: PgTable }>)[f.reference];
    const cols = spec && (getTableColumns(spec.table) as Record<string, PgColumn>);
    if (cols?.name) return nameSource(spec.table, sql`${cols.name}`);
  }
  return COMMON[field];
}

/** The label of a kind of record ('leave_types' → 'Leave Type'). */
export function entityLabel(entity: string): string {
  return resourceByTable.get(entity)?.title ?? TITLES[entity] ?? inWords(entity);
}

/** The label of a field of a kind of record: the master form's, else the key in words. */
export function fieldLabel(entity: string, field: string): string {
  const f = resourceByTable.get(entity)?.fields[field] as { label?: string } | undefined;
  if (f?.label) return f.label;
  if (field === 'isActive') return 'Active';
  return inWords(field);
}

/** Rupees of an amount of paise (a number or a bigint's text); anything else as it is. */
export function rupees(v: unknown): unknown {
  if (typeof v === 'number' && Number.isInteger(v)) return formatINR(BigInt(v), { symbol: true });
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return formatINR(BigInt(v), { symbol: true });
  return v;
}

type Names = Map<NameSource, Map<number, string>>;

/** One query per referenced table: the names of every id the page's lines hold. */
async function loadNames(db: Db, wanted: Map<NameSource, Set<number>>): Promise<Names> {
  const out: Names = new Map();
  for (const [src, ids] of wanted) {
    const list = [...ids].filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647);
    if (list.length === 0) continue;
    const rows = await db
      .select({ id: src.id, label: sql<string>`${src.label}` })
      .from(src.table)
      .where(inArray(src.id, list));
    out.set(src, new Map(rows.map((r) => [Number(r.id), String(r.label)])));
  }
  return out;
}

/** A stored value readied for the reader: money in rupees, a reference with its name beside (`<field>Label`). */
function readied(entity: string, value: unknown, names: Names): unknown {
  if (Array.isArray(value)) return value.map((v) => readied(entity, v, names));
  if (!isObj(value)) return value;
  const money = moneyOf.get(entity);
  const out: Obj = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = money?.has(k) ? rupees(v) : v;
    const src = referenceOf(entity, k);
    const name = src && typeof v === 'number' ? names.get(src)?.get(v) : undefined;
    if (name && value[`${k}Label`] == null) out[`${k}Label`] = name;
  }
  return out;
}

function collect(entity: string, value: unknown, wanted: Map<NameSource, Set<number>>): void {
  if (Array.isArray(value)) for (const v of value) collect(entity, v, wanted);
  if (!isObj(value)) return;
  for (const [k, v] of Object.entries(value)) {
    const src = referenceOf(entity, k);
    if (src && typeof v === 'number') wanted.set(src, (wanted.get(src) ?? new Set()).add(v));
  }
}

export interface StoredAuditLine {
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

export interface PresentedAudit {
  entityLabel: string;
  recordLabel: string | null;
  changes: TAuditChange[];
}

/** The page's lines in the screens' words (same order). */
export async function presentAudit(db: Db, lines: readonly StoredAuditLine[]): Promise<PresentedAudit[]> {
  const wanted = new Map<NameSource, Set<number>>();
  for (const l of lines) {
    collect(l.entity, l.before, wanted);
    collect(l.entity, l.after, wanted);
    const own = RECORD[l.entity];
    if (own && /^\d+$/.test(l.entityId)) wanted.set(own, (wanted.get(own) ?? new Set()).add(Number(l.entityId)));
  }
  const names = await loadNames(db, wanted);
  return lines.map((l) => {
    const own = RECORD[l.entity];
    return {
      entityLabel: entityLabel(l.entity),
      recordLabel: (own && names.get(own)?.get(Number(l.entityId))) ?? null,
      changes: auditChanges(readied(l.entity, l.before, names), readied(l.entity, l.after, names), (f) => fieldLabel(l.entity, f)),
    };
  });
}
