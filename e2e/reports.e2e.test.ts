// Reports in Chromium (issue 14): the administrator opens Form B — Wage Register from the register picker for a
// unit and a locked month, sees the rows and the grand total, exports it to Excel and to PDF and opens both files
// (exceljs, pdftotext) to find the same employees and totals; the employee bonus report renders; a self-service
// employee has no register to pick.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MENU } from '@hr/contract';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRequest, screenshot, signInWithToken, useBrowser } from './support';

const dir = mkdtempSync(path.join(tmpdir(), 'e2e-reports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const UNIT = 'Head Office Bengaluru';
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** As the screen and the PDF print money: en-IN grouping, two decimals. */
const money = (rupees: number) => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(rupees);

/** Two months before the current one in India: the demo seed has locked it for every unit. */
function lockedMonth(): { year: number; month: number } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - 2;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

type Result = { total: number; grandTotal: Record<string, number>; rows: Record<string, unknown>[] };

describe('reports', () => {
  const ctx = useBrowser({ viewport: { width: 1600, height: 900 } });

  it('the administrator runs Form B for a unit and a locked month and exports it to Excel and PDF with the same rows and totals', async () => {
    const { page } = ctx;
    // The shared machine can be slow: allow it more than the default 15 s.
    page.setDefaultTimeout(90_000);
    const { year, month } = lockedMonth();
    const session = await apiRequest<{ units: { id: number; name: string }[] }>('/api/auth/me', { user: 'admin' });
    const unitId = session.body?.units?.find((u) => u.name === UNIT)?.id;

    await signInWithToken(page, 'admin', MENU.registerReports);
    const picker = page.getByTestId('register-picker');
    await picker.waitFor();
    await picker.getByRole('link', { name: /Form B — Wage Register/ }).click();
    await page.waitForURL(/\/outlet\/various-registertype-report\/form-b$/);
    await page.getByRole('heading', { name: 'Form B — Wage Register' }).waitFor();

    // The filters: the unit, then the month and year (Radix selects: the trigger, then the option).
    const filters = page.getByTestId('report-filters');
    await filters.getByTestId('filter-unit').click();
    await page.getByRole('option', { name: UNIT, exact: true }).click();
    await filters.getByRole('combobox', { name: 'Month' }).click();
    await page.getByRole('option', { name: MONTHS[month - 1], exact: true }).click();
    await filters.getByRole('combobox', { name: 'Year' }).click();
    await page.getByRole('option', { name: String(year), exact: true }).click();

    const summary = page.getByTestId('report-summary');
    await expect.poll(() => summary.textContent(), { timeout: 90_000 }).toContain(`${MONTHS[month - 1]}`);
    await expect.poll(() => summary.textContent(), { timeout: 90_000 }).toMatch(/· \d+ (?:rows|employees)$/);
    const count = Number(/· (\d+) (?:rows|employees)$/.exec((await summary.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThan(0);
    const table = page.getByTestId('report-table');
    expect(await table.locator('tbody tr').count()).toBe(Math.min(count, 50));
    const grand = page.getByTestId('grand-total');
    expect(await grand.textContent()).toContain(`Grand Total (${count})`);

    // The same run through the API: the screen's figures are the server's.
    const api = await apiRequest<Result>(
      `/api/reports/form-b/run?${new URLSearchParams({ unitId: String(unitId), year: String(year), month: String(month) })}`,
      { user: 'admin' },
    );
    expect(api.status).toBe(200);
    expect(api.body.total).toBe(count);
    const { net, gross } = api.body.grandTotal;
    expect(net).toBeGreaterThan(0);
    const grandText = (await grand.textContent()) ?? '';
    expect(grandText).toContain(money(net));
    expect(grandText).toContain(money(gross));
    await screenshot(page, 'reports-form-b');

    // Excel: the download, read back.
    const [xlsx] = await Promise.all([
      page.waitForEvent('download', { timeout: 90_000 }),
      page.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const xlsxFile = path.join(dir, 'form-b.xlsx');
    await xlsx.saveAs(xlsxFile);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(xlsxFile);
    const ws = wb.worksheets[0];
    const cells = (n: number) => (ws.getRow(n).values as unknown[]).slice(1).map((v) => (v === undefined ? null : v));
    expect(String(ws.getCell('A1').value ?? '') + String(ws.getCell('A2').value ?? '')).toMatch(/Form B/);
    let header = 0;
    let totalRow = 0;
    for (let r = 1; r <= ws.rowCount; r++) {
      const row = cells(r).map((v) => String(v ?? ''));
      if (!header && row.includes('Net Wages Paid')) header = r;
      if (row[0]?.startsWith('Grand Total')) totalRow = r;
    }
    expect(header).toBeGreaterThan(0);
    expect(totalRow).toBeGreaterThan(header);
    expect(totalRow - header - 1).toBe(count);
    expect(String(cells(totalRow)[0])).toBe(`Grand Total (${count} ${count === 1 ? 'row' : 'rows'})`);
    const headings = cells(header).map((v) => String(v ?? ''));
    const netAt = headings.indexOf('Net Wages Paid');
    const grossAt = headings.indexOf('Total Earnings');
    expect(grossAt).toBeGreaterThanOrEqual(0);
    expect(Number(cells(totalRow)[netAt])).toBeCloseTo(net, 2);
    expect(Number(cells(totalRow)[grossAt])).toBeCloseTo(gross, 2);
    // The employee rows add up to the total line.
    let sum = 0;
    for (let r = header + 1; r < totalRow; r++) sum += Math.round(Number(cells(r)[netAt] ?? 0) * 100);
    expect(sum).toBe(Math.round(net * 100));

    // PDF: the download, opened with pdftotext.
    const [pdf] = await Promise.all([
      page.waitForEvent('download', { timeout: 90_000 }),
      page.getByRole('button', { name: 'Export to PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const pdfFile = path.join(dir, 'form-b.pdf');
    await pdf.saveAs(pdfFile);
    expect(readFileSync(pdfFile).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    expect(text).toContain('Form B');
    expect(text).toContain(`${count} ${count === 1 ? 'row' : 'rows'}`);
    expect(text).toMatch(/Page 1 \/ \d+/);
    // The grand total line (its label may wrap in the first column) carries the gross and net figures.
    const line = text.split('\n').find((l) => l.includes(`Grand Total (${count}`)) ?? '';
    expect(line).toContain(money(net));
    expect(line).toContain(money(gross));
  });

  it('the administrator opens the employee bonus report and it renders its filters and a result', async () => {
    const { page } = ctx;
    page.setDefaultTimeout(90_000);
    await signInWithToken(page, 'admin', MENU.employeeBonusReport);
    await page.getByRole('heading', { name: /Bonus Register/ }).waitFor();
    await page.getByTestId('report-filters').waitFor();
    // The current financial year is chosen at the start, so the report runs: a summary line, then a table or
    // the empty state, never the error state.
    const summary = page.getByTestId('report-summary');
    await summary.waitFor({ timeout: 90_000 });
    expect(await page.getByText('The report could not be shown').count()).toBe(0);
    // The screen's count is the server's for the same financial year (the demo seed may have no bonus yet:
    // then the empty state, otherwise the table with its grand total).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const fy = Number(today.slice(5, 7)) >= 4 ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) - 1;
    const api = await apiRequest<Result>(`/api/reports/employee-bonus/run?financialYear=${fy}`, { user: 'admin' });
    expect(api.status).toBe(200);
    await expect.poll(() => summary.textContent()).toMatch(new RegExp(`· ${api.body.total} (?:rows|employees)$`));
    if (api.body.total === 0) await page.getByText('Nothing to show').waitFor();
    else expect(await page.getByTestId('grand-total').textContent()).toContain(`Grand Total (${api.body.total})`);
    await screenshot(page, 'reports-employee-bonus');
  });

  it('a self-service employee is refused the register picker and Form B (403 page), and the API lists no register', async () => {
    const { page } = ctx;
    page.setDefaultTimeout(90_000);
    const list = await apiRequest<unknown[]>('/api/reports?kind=register', { user: 'employee1' });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    // The shell refuses the picker and the register (the role holds neither menu): the 403 page in the layout.
    await signInWithToken(page, 'employee1', MENU.registerReports);
    await page.getByTestId('no-access').waitFor();
    expect(await page.getByTestId('no-access').textContent()).toContain('You do not have access to this screen');
    expect(await page.getByTestId('register-picker').count()).toBe(0);
    // Nor does the menu offer them.
    expect(await page.getByRole('link', { name: /Various Register|Form B/ }).count()).toBe(0);

    expect((await apiRequest('/api/reports/form-b', { user: 'employee1' })).status).toBe(403);
    await page.goto(MENU.registerFormB);
    await page.getByTestId('no-access').waitFor();
    expect(await page.getByTestId('report-table').count()).toBe(0);
  });
});
