import { and, count, eq, ne } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { employees } from '../../db/schema';

/**
 * What keeps an employee from being deleted. Areas that record things about an employee
 * (attendance, salary, advances, bonuses, requests…) register a checker at module load:
 *
 *   registerEmployeeUsage(tableUsage('attendance records', attendance, attendance.employeeId));
 *
 * Delete answers 409 naming every use found; exiting the employee is the way out.
 */
export interface EmployeeUsageChecker {
  /** What is counted, plural, e.g. 'attendance records'. */
  label: string;
  count(db: Db | Tx, employeeId: number): Promise<number>;
}

const checkers = new Map<string, EmployeeUsageChecker>();

export function registerEmployeeUsage(checker: EmployeeUsageChecker): void {
  checkers.set(checker.label, checker);
}

/** A checker counting rows of `table` whose `column` is the employee id. */
export function tableUsage(label: string, table: PgTable, column: AnyPgColumn): EmployeeUsageChecker {
  return {
    label,
    async count(db, employeeId) {
      const [r] = await db.select({ n: count() }).from(table).where(eq(column, employeeId));
      return Number(r?.n ?? 0);
    },
  };
}

/** Every use found, e.g. ['3 attendance records', '1 employee reporting to them']. */
export async function findEmployeeUsage(db: Db | Tx, employeeId: number): Promise<string[]> {
  const found: string[] = [];
  for (const c of checkers.values()) {
    const n = await c.count(db, employeeId);
    if (n > 0) found.push(`${n} ${c.label}`);
  }
  return found;
}

/** Built in: an employee others report to is in use (their records name them as manager). */
export const reportingManagerUsage: EmployeeUsageChecker = {
  label: 'employee(s) reporting to them',
  async count(db, employeeId) {
    const [r] = await db
      .select({ n: count() })
      .from(employees)
      .where(and(eq(employees.reportingManagerId, employeeId), ne(employees.id, employeeId)));
    return Number(r?.n ?? 0);
  },
};
