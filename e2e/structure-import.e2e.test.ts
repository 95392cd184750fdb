// Salary structures from Excel on the salary increment screen (issue 26): the payroll officer downloads the
// unit's template, fills an effective month on one row with a new basic pay, uploads it and is told it was
// saved; a file with a bad row is refused whole and the row's problem is listed in the dialog.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MENU } from '@hr/contract';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRequest, apiToken, screenshot, signInWithToken, useBrowser } from './support';

const dir = mkdtempSync(path.join(tmpdir(), 'e2e-structures-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The template as downloaded, with `edit` applied to its first data row and every other row left alone. */
async function filled(template: string, name: string, edit: (row: ExcelJS.Row, header: string[]) => void): Promise<string> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(template) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const header = (ws.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? ''));
  edit(ws.getRow(2), header);
  const p = path.join(dir, name);
  writeFileSync(p, Buffer.from(await wb.xlsx.writeBuffer()));
  return p;
}

describe('salary structures from Excel', () => {
  const ctx = useBrowser({ viewport: { width: 1366, height: 768 } });

  it('downloads the unit template, saves a filled row, and lists the rows it refuses', async () => {
    const page = ctx.page;
    await signInWithToken(page, 'payroll', MENU.salaryIncrement);
    await page.getByTestId('open-structure-import').click();
    const dialog = page.getByTestId('structure-import');
    await dialog.getByRole('combobox', { name: 'Unit' }).click();
    await page.getByRole('option', { name: 'Mysuru Campus' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('structure-template').click()]);
    const template = path.join(dir, 'template.xlsx');
    await download.saveAs(template);

    let code = '';
    const good = await filled(template, 'good.xlsx', (row, header) => {
      code = String(row.getCell(1).value);
      row.getCell(3).value = '2027-01';
      row.getCell(header.indexOf('BASIC') + 1).value = 31234;
    });
    await page.getByTestId('structure-import-file').setInputFiles(good);
    await dialog.getByTestId('structure-import-ok').waitFor({ timeout: 90_000 });
    expect(await dialog.getByTestId('structure-import-ok').textContent()).toContain('1 salary structures saved');

    // The server kept it: the employee's versions now include January 2027 with the new basic pay.
    const token = await apiToken('admin');
    const found = await apiRequest(`/api/employees?search=${encodeURIComponent(code)}`, { token });
    const id = found.body.rows.find((r: { employeeCode: string }) => r.employeeCode === code)?.id;
    const versions = await apiRequest(`/api/payroll/structures/${id}`, { token });
    expect(versions.status).toBe(200);
    expect(JSON.stringify(versions.body)).toContain('2027-01');
    expect(JSON.stringify(versions.body)).toMatch(/31234/);

    const bad = await filled(template, 'bad.xlsx', (row) => {
      row.getCell(3).value = 'January';
    });
    await page.getByTestId('structure-import-file').setInputFiles(bad);
    const errors = dialog.getByTestId('structure-import-errors');
    await errors.waitFor({ timeout: 90_000 });
    expect(await errors.textContent()).toContain("Effective From must be a month as YYYY-MM, not 'January'");
    await screenshot(page, 'structure-import-errors-1366');
  });
});
