// Names in the scripts of India in the PDFs the browser makes (issue 28): nine employees of a unit are named in
// Devanagari, Bengali, Gujarati, Gurmukhi, Kannada, Malayalam, Odia, Tamil and Telugu, the unit's month is
// processed, and the run screen's payslips (drawn by the one payslip renderer in the documents worker) and
// signing sheet (pdfmake in the same worker) are read back with pdftotext and pdffonts; a page of each is
// rendered to PNG under e2e/.artifacts (indic-payslip-*.png, indic-signing-sheet.png) to be looked at.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MENU, ZEmployeeInput } from '@hr/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, apiRequest, signInWithToken, useBrowser } from './support';

// One name a script, with conjuncts and vowel signs (none with a reph or a vowel sign drawn before its consonant:
// a PDF's text layer gives those back in drawing order). Gurmukhi's marks are what fontkit could not place.
const NAMES: Record<string, string> = {
  NotoSansDevanagari: 'मनोज कृष्ण',
  NotoSansBengali: 'অমর দত্ত',
  NotoSansGujarati: 'હરીશ પટેલ',
  NotoSansGurmukhi: 'ਗੁਰਪ੍ਰੀਤ ਕੌਰ',
  NotoSansKannada: 'ಅನಂತ ರಾವ್',
  NotoSansMalayalam: 'അനന്തു',
  NotoSansOriya: 'ସତ୍ୟ',
  NotoSansTamil: 'முருகன்',
  NotoSansTelugu: 'సత్య నారాయణ',
};
const UNIT = 'Mysuru';

const dir = mkdtempSync(path.join(tmpdir(), 'e2e-indic-'));
type Employee = Record<string, unknown> & { id: number; name: string };
const renamed: Employee[] = [];

async function ok<T>(res: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body;
}

/** The employee's record as the update takes it, with another name. */
const input = (e: Employee, name: string) =>
  Object.fromEntries([...Object.keys(ZEmployeeInput.shape), 'name'].map((k) => [k, k === 'name' ? name : e[k]]));

async function rename(e: Employee, name: string) {
  await ok(apiRequest(`/api/employees/${e.id}`, { user: 'admin', body: input(e, name) }));
}

/** Names nine employees of the unit in the nine scripts and processes the unit's open month (its slips carry the names). */
async function nameAndProcess() {
  const runs = await ok(apiRequest('/api/payroll/runs?pageSize=200', { user: 'admin' }));
  const run = runs.rows.find((r: { unitName: string; status: string }) => r.unitName.includes(UNIT) && /draft|processed/.test(r.status));
  expect(run, `an open run of the ${UNIT} unit`).toBeDefined();
  const list = await ok(apiRequest(`/api/employees?unitId=${run.unitId}&status=active&pageSize=50`, { user: 'admin' }));
  expect(list.rows.length).toBeGreaterThanOrEqual(Object.keys(NAMES).length);
  for (const [i, name] of Object.values(NAMES).entries()) {
    const e = await ok<Employee>(apiRequest(`/api/employees/${list.rows[i].id}`, { user: 'admin' }));
    await rename(e, name);
    renamed.push(e);
  }
  // The month's slips carry the names as processed.
  const { jobId } = await ok(apiRequest(`/api/payroll/runs/${run.id}/process`, { user: 'admin', body: {} }), 202);
  await expect
    .poll(async () => (await ok(apiRequest(`/api/jobs/${jobId}`, { user: 'admin' }))).state, { timeout: 120_000, interval: 500 })
    .toBe('succeeded');
}

afterAll(async () => {
  for (const e of renamed) await rename(e, e.name);
  rmSync(dir, { recursive: true, force: true });
});

function read(file: string) {
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    .normalize('NFC')
    .replace(/[ \t]+/g, ' ');
  return { text, pages: text.split('\f').slice(0, -1), fonts: execFileSync('pdffonts', [file], { encoding: 'utf8' }) };
}

/** Page `index` (from 0) of the PDF as a PNG in e2e/.artifacts; with `crop` ([x, y, w, h] at 220 dpi) that part, enlarged. */
function png(file: string, index: number, name: string, crop?: [number, number, number, number]) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const page = String(index + 1);
  const part = crop ? ['-r', '220', ...['-x', '-y', '-W', '-H'].flatMap((o, i) => [o, String(crop[i])])] : ['-r', '110'];
  execFileSync('pdftoppm', ['-png', ...part, '-f', page, '-l', page, '-singlefile', file, path.join(ARTIFACTS_DIR, name)]);
}

describe('names in the scripts of India in PDFs made in the browser', () => {
  const ctx = useBrowser({ viewport: { width: 1366, height: 900 } });

  it('prints each name in its script in the payslips and the signing sheet of a run', async () => {
    await nameAndProcess();
    const page = ctx.page;
    await signInWithToken(page, 'payroll', MENU.salaryProcess);
    await page
      .getByTestId('run-row')
      .filter({ hasText: UNIT })
      .filter({ hasText: /processed/i })
      .first()
      .click();
    await page.getByTestId('salary-run').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), page.getByTestId('run-payslips').click()]);
    const slips = path.join(dir, 'payslips.pdf');
    await download.saveAs(slips);
    const payslips = read(slips);
    for (const [family, name] of Object.entries(NAMES)) {
      const at = payslips.pages.findIndex((p) => p.includes(`Employee Name : ${name.normalize('NFC')}`));
      expect(at, `${family}: ${name} on a payslip`).toBeGreaterThanOrEqual(0);
      expect(payslips.fonts).toContain(family);
      if (family === 'NotoSansGurmukhi') png(slips, at, 'indic-payslip-gurmukhi');
      png(slips, at, `indic-payslip-name-${family}`, [100, 400, 600, 60]);
    }

    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('run-signing-sheet').click()]);
    const save = popup.getByTestId('save-pdf');
    await save.waitFor({ timeout: 90_000 });
    const [sheetDownload] = await Promise.all([popup.waitForEvent('download'), save.click()]);
    const sheetFile = path.join(dir, 'signing-sheet.pdf');
    await sheetDownload.saveAs(sheetFile);
    const sheet = read(sheetFile);
    for (const [family, name] of Object.entries(NAMES)) {
      expect(sheet.text, `${family}: ${name} on the signing sheet`).toContain(name.normalize('NFC'));
      expect(sheet.fonts).toContain(family);
    }
    png(sheetFile, 0, 'indic-signing-sheet');
    png(sheetFile, 0, 'indic-signing-sheet-names', [200, 440, 380, 960]);
  });
});
