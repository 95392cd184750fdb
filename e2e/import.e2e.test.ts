// The employee import in Chromium at a 1,366 px laptop width: the upload starts a background job whose
// progress bar the dialog follows to "imported"; a file with errors lists them, every column visible.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MENU } from '@hr/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { type ImportRefs, importRow, importWorkbook } from '../apps/server/test/employees/fixtures';
import { screenshot, signInWithToken, useBrowser } from './support';

const dir = mkdtempSync(path.join(tmpdir(), 'e2e-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const refs: ImportRefs = { units: ['HO-BLR', 'BR-CHN'], departments: ['ADM', 'FIN'], designations: ['ADE', 'OFA', 'ACE'] };
const PREFIX = `EI${Date.now().toString().slice(-5)}`;

async function file(name: string, rows: Record<string, string | number | Date | null>[]) {
  const p = path.join(dir, name);
  writeFileSync(p, await importWorkbook(rows));
  return p;
}

describe('employee import', () => {
  const ctx = useBrowser({ viewport: { width: 1366, height: 768 } });

  it('follows the import job to the end and lists the new staff', async () => {
    const page = ctx.page;
    await signInWithToken(page, 'admin', MENU.employee);
    await page.getByTestId('open-import').click();
    const upload = await file(
      'staff.xlsx',
      Array.from({ length: 400 }, (_, i) => importRow(i + 1, refs, PREFIX)),
    );
    await page.getByTestId('import-file').setInputFiles(upload);
    // The job's own bar (queued or running) appears, then the outcome.
    await page
      .getByTestId('job-progress')
      .waitFor({ timeout: 90_000 })
      .catch(() => undefined);
    await page.getByTestId('import-ok').waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('import-ok').textContent()).toContain('400 employees imported');
    await page.keyboard.press('Escape');
    await page.getByPlaceholder('Search name, code or mobile').fill(PREFIX);
    await expect.poll(() => page.getByText(/employees match/).textContent(), { timeout: 90_000 }).toContain('400 employees match');
  });

  it('shows every error with its row, column and message inside the dialog', async () => {
    const page = ctx.page;
    await signInWithToken(page, 'admin', MENU.employee);
    await page.getByTestId('open-import').click();
    const rows = Array.from({ length: 5 }, (_, i) => importRow(i + 1, refs, `${PREFIX}X`));
    rows[1].PAN = 'NOT-A-PAN';
    rows[3].IFSC = 'HDFC1234567';
    await page.getByTestId('import-file').setInputFiles(await file('bad.xlsx', rows));
    const table = page.getByTestId('import-error-table');
    await table.waitFor({ timeout: 90_000 });
    await screenshot(page, 'import-errors-1366');
    const dialog = await page.getByRole('dialog').boundingBox();
    const errorHeader = await table.getByRole('columnheader', { name: 'Error' }).boundingBox();
    expect(dialog && errorHeader).toBeTruthy();
    // The Error column is not cut off: it ends inside the dialog.
    expect(errorHeader!.x + errorHeader!.width).toBeLessThanOrEqual(dialog!.x + dialog!.width);
    const text = await table.textContent();
    expect(text).toContain('PAN');
    expect(text).toContain('IFSC');
    expect(text).not.toMatch(/Invalid input|received/);
  });
});
