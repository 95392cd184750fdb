// Manual monthly attendance: figures per employee (on screen or from the Excel template) replace the calendar's
// in the run: earnings prorated by payable days, overtime by the formula; an approved month refuses them.

import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let payroll: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let blr = 0;
let cur = { year: 0, month: 0 };
let prev = { year: 0, month: 0 };
const heads = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  blr = (await queryRows<{ id: number }>(t.db, sql`select id from units where code = 'HO-BLR'`))[0].id;
  const [draft] = (await payroll.get('/api/payroll/runs?status=draft')).json().rows;
  cur = { year: draft.year, month: draft.month };
  prev = cur.month === 1 ? { year: cur.year - 1, month: 12 } : { year: cur.year, month: cur.month - 1 };
  for (const h of (await payroll.get('/api/payroll/heads')).json()) heads.set(h.code, h.id);
});
afterAll(() => t?.close());

describe('manual monthly attendance', () => {
  it('shows the figures of daily attendance (the head office pays by attendance) until an entry is made; self-service is refused', async () => {
    const res = await payroll.get(`/api/payroll/attendance?unitId=${blr}&year=${cur.year}&month=${cur.month}`);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a.rows.length).toBeGreaterThan(5);
    expect(a.rows.every((r: { source: string }) => r.source === 'attendance')).toBe(true);
    // Mysuru keeps the calendar rule.
    const mys = (await payroll.get('/api/resources/unit?search=Mysuru')).json();
    const mysId = (mys.rows ?? mys)[0]?.id;
    if (mysId) {
      const m = (await payroll.get(`/api/payroll/attendance?unitId=${mysId}&year=${cur.year}&month=${cur.month}`)).json();
      expect(m.rows.every((r: { source: string }) => r.source === 'calendar')).toBe(true);
    }
    expect((await employee1.get(`/api/payroll/attendance?unitId=${blr}&year=${cur.year}&month=${cur.month}`)).statusCode).toBe(403);
  });

  it('an entry with LWOP and overtime changes the run: earnings prorated, overtime by formula', async () => {
    const md = new Date(Date.UTC(cur.year, cur.month, 0)).getUTCDate();
    const saved = await payroll.put('/api/payroll/attendance', {
      unitId: blr,
      ...cur,
      rows: [{ employeeCode: 'BLR0002', payableDays: md - 2, presentDays: md - 10, lwopDays: 2, otHours: 4 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [run] = (await payroll.get(`/api/payroll/runs?unitId=${blr}&year=${cur.year}&month=${cur.month}`)).json().rows;
    expect((await payroll.post(`/api/payroll/runs/${run.id}/process`)).statusCode).toBe(202);
    await t.app.jobs.drain();
    const slip = (
      (await payroll.get(`/api/payroll/runs/${run.id}/slips`)).json() as {
        employeeCode: string;
        salaryProcessDetailRequestList: { earningDeductionId: number; amount: number }[];
      }[]
    ).find((s) => s.employeeCode === 'BLR0002')!;
    const amount = (code: string) => slip.salaryProcessDetailRequestList.find((h) => h.earningDeductionId === heads.get(code))!.amount;
    const [structure] = (
      await payroll.get(
        `/api/payroll/structures/${(await queryRows<{ id: number }>(t.db, sql`select id from employees where employee_code = 'BLR0002'`))[0].id}`,
      )
    ).json();
    const basic = structure.amounts[String(heads.get('BASIC'))];
    const da = structure.amounts[String(heads.get('DA'))];
    expect(amount('BASIC')).toBe(Math.round((basic * 100 * (md - 2)) / md) / 100);
    expect(amount('OT')).toBe(Math.round(((basic + da) / md / 8) * 2 * 4 * 100) / 100);
    expect(amount('LWOP')).toBeGreaterThan(0);
    const line = (
      (await payroll.get(`/api/payroll/runs/${run.id}/employees`)).json() as {
        employeeCode: string;
        lwopDays: number;
        payableDays: number;
      }[]
    ).find((e) => e.employeeCode === 'BLR0002')!;
    expect(line).toMatchObject({ lwopDays: 2, payableDays: md - 2 });
  });

  it('refuses unknown codes and impossible days (nothing saved), and a locked month (409)', async () => {
    const bad = await payroll.put('/api/payroll/attendance', {
      unitId: blr,
      ...cur,
      rows: [
        { employeeCode: 'NOPE', payableDays: 10, presentDays: 10 },
        { employeeCode: 'BLR0001', payableDays: 31.5, presentDays: 1 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    const locked = await payroll.put('/api/payroll/attendance', {
      unitId: blr,
      ...prev,
      rows: [{ employeeCode: 'BLR0001', payableDays: 20, presentDays: 20 }],
    });
    expect(locked.statusCode).toBe(409);
  });

  it('round-trips the Excel template', async () => {
    const res = await payroll.get(`/api/payroll/attendance/template?unitId=${blr}&year=${cur.year}&month=${cur.month}`);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    ws.getRow(2).getCell(5).value = 1;
    ws.getRow(2).getCell(3).value = Number(ws.getRow(2).getCell(3).value) - 1;
    const code = String(ws.getRow(2).getCell(1).value);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'attendance.xlsx');
    const body = new Response(form);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/payroll/attendance/import?unitId=${blr}&year=${cur.year}&month=${cur.month}`,
      headers: { authorization: `Bearer ${await signIn(t.app, 'payroll')}`, 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(up.statusCode, up.body).toBe(200);
    const after = (await payroll.get(`/api/payroll/attendance?unitId=${blr}&year=${cur.year}&month=${cur.month}`)).json();
    expect(after.rows.find((r: { employeeCode: string }) => r.employeeCode === code)).toMatchObject({ source: 'manual', lwopDays: 1 });
  });
});
