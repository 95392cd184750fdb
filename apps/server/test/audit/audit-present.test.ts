// Issue 28: the audit trail shows the screens' words — the master's title and form labels, money in rupees, ids as
// names — over the stored lines, which stay as written (table names, keys, paise, ids).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { writeAudit } from '../../src/lib/audit';
import { entityLabel, fieldLabel, inWords, rupees } from '../../src/modules/audit/present';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let emp: { id: number; name: string; code: string };
let unit: { id: number; name: string };

type Row = { entity: string; entityLabel: string; recordLabel: string | null; changes: { field: string; from: string; to: string }[] };
const lines = async (entity: string) => ((await admin.get('/api/audit', { entity })).json() as { rows: Row[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  [emp] = await queryRows<{ id: number; name: string; code: string }>(
    t.db,
    sql`select id, name, employee_code as code from employees order by id limit 1`,
  );
  [unit] = await queryRows<{ id: number; name: string }>(t.db, sql`select id, name from units order by id limit 1`);
});
afterAll(() => t?.close());

describe('the audit trail in the screens’ words', () => {
  it('names a master by its title and its fields by the form’s labels, a reference with its name', async () => {
    const created = await admin.post('/api/resources/leaveType', {
      code: 'AUDL',
      name: 'Audit Leave',
      yearlyQuota: '4',
      applicableGender: 'female',
    });
    expect(created.statusCode, created.body).toBe(201);
    const [line] = await lines('leave_types');
    expect(line.entity).toBe('leave_types');
    expect(line.entityLabel).toBe('Leave Type');
    expect(line.changes).toContainEqual({ field: 'Yearly quota (days)', from: '—', to: '4.0' });
    expect(line.changes).toContainEqual({ field: 'Applicable to', from: '—', to: 'female' });
  });

  it('shows money columns in rupees and ids as names; the stored line keeps paise and ids', async () => {
    await writeAudit(t.db, {
      entity: 'salary_advances',
      entityId: 77,
      action: 'update',
      before: { employeeId: emp.id, advanceAmount: 1250050, monthlyEMI: 125005, noOfEMIs: 10 },
      after: { employeeId: emp.id, advanceAmount: 1500000, monthlyEMI: 150000, noOfEMIs: 10, unitId: unit.id },
    });
    const [line] = await lines('salary_advances');
    expect(line.entityLabel).toBe('Salary advance');
    expect(line.changes).toContainEqual({ field: 'Advance amount', from: '₹12,500.50', to: '₹15,000.00' });
    expect(line.changes).toContainEqual({ field: 'Monthly emi', from: '₹1,250.05', to: '₹1,500.00' });
    expect(line.changes).toContainEqual({ field: 'Unit', from: '—', to: `${unit.name} (#${unit.id})` });
    const [stored] = await queryRows<{ after: Record<string, number> }>(
      t.db,
      sql`select after from audit_log where entity = 'salary_advances' order by id desc limit 1`,
    );
    expect(stored.after.advanceAmount).toBe(1500000);
  });

  it('names the record itself where it has a name (an employee)', async () => {
    await writeAudit(t.db, { entity: 'employees', entityId: emp.id, action: 'update', before: { mobile: '1' }, after: { mobile: '2' } });
    const [line] = await lines('employees');
    expect(line.entityLabel).toBe('Employees');
    expect(line.recordLabel).toBe(`${emp.name} (${emp.code})`);
  });

  it('names a salary run by its unit and month, not its table and id', async () => {
    const [run] = await queryRows<{ id: number; unit: string; year: number; month: number }>(
      t.db,
      sql`select r.id, u.name as unit, r.year, r.month from payroll_runs r join units u on u.id = r.unit_id order by r.id limit 1`,
    );
    expect(run, 'the demo organisation has processed runs').toBeDefined();
    await writeAudit(t.db, {
      entity: 'payroll_runs',
      entityId: run.id,
      action: 'update',
      before: { status: 'draft' },
      after: { status: 'processed' },
    });
    const [line] = await lines('payroll_runs');
    const month = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')[run.month - 1];
    expect(line.entityLabel).toBe('Salary run');
    expect(line.recordLabel).toBe(`${run.unit}, ${month} ${run.year}`);
  });

  it('the rules: words from keys, rupees from paise, labels from the registry', () => {
    expect(inWords('payroll_runs')).toBe('Payroll runs');
    expect(inWords('designationId')).toBe('Designation');
    expect(inWords('isPfWage')).toBe('Is pf wage');
    expect(rupees(-5)).toBe('-₹0.05');
    expect(rupees('123456789')).toBe('₹12,34,567.89');
    expect(rupees('abc')).toBe('abc');
    expect(entityLabel('departments')).toBe('Department');
    expect(fieldLabel('leave_types', 'applicableMaritalStatusId')).toBe('Applicable to marital status');
    expect(fieldLabel('leave_types', 'isActive')).toBe('Active');
    expect(fieldLabel('some_table', 'createdOn')).toBe('Created on');
  });
});
