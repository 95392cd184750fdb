// The payroll documents in Chromium, through the test page /outlet/dev/documents. That page exists
// only in test builds (VITE_E2E_PAGES=1, which e2e/global-setup.ts sets for its build).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { signInWithToken, useBrowser } from './support';

const dir = mkdtempSync(path.join(tmpdir(), 'e2e-documents-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pdfText(file: string) {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  return { pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]), title: /^Title:\s+(.*)$/m.exec(info)?.[1], text };
}

async function openTestPage(page: Page) {
  await signInWithToken(page, 'admin', '/outlet/dev/documents');
  const screen = page.getByTestId('documents-dev');
  await screen.waitFor({ timeout: 90_000 }).catch(() => {
    throw new Error(
      'The documents test page is missing: build the web app with VITE_E2E_PAGES=1 (see apps/web/src/screens/dev/routes.tsx)',
    );
  });
}

/** Keeps every Blob the page turns into an object URL, so a test can read the PDF a popup shows. */
async function recordBlobs(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __blobs: Record<string, Blob> };
    w.__blobs = {};
    const original = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (obj: Blob | MediaSource) => {
      const url = original(obj);
      if (obj instanceof Blob) w.__blobs[url] = obj;
      return url;
    };
  });
}

/** The PDF a popup window shows (a blob: URL of the opener page), saved to a file. FileReader, not fetch: the CSP's connect-src has no blob:. */
async function popupPdf(opener: Page, popup: Page, name: string, blobUrl?: string): Promise<{ file: string; raw: Buffer }> {
  if (!blobUrl) await popup.waitForURL(/^blob:/);
  const dataUrl = await opener.evaluate(async (url) => {
    const blob = (window as unknown as { __blobs: Record<string, Blob> }).__blobs[url];
    if (!blob) throw new Error(`no blob recorded for ${url}`);
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(blob);
    });
  }, blobUrl ?? popup.url());
  const raw = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const file = path.join(dir, name);
  writeFileSync(file, raw);
  return { file, raw };
}

describe('payroll documents in the browser', () => {
  const ctx = useBrowser();

  it('downloads the payslip batch under its file name, one page per employee', async () => {
    const page = ctx.page;
    await openTestPage(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download sample payslips' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Pay_Slip_HeadOfficeBranchChennai(South)_April_2026.pdf');
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const pdf = pdfText(file);
    expect(pdf.pages).toBe(3);
    expect(pdf.title).toBe('Payslip Statement');
    expect(pdf.text).toContain('PAYSLIP FOR THE MONTH OF - APRIL / 2026');
    expect(pdf.text).toContain('Net INR Payble(Round off) 42,590.00');
    expect(pdf.text).toContain('UAN No : N/A');
    await expect.poll(() => page.getByTestId('documents-result').getAttribute('data-file-name')).toBe(download.suggestedFilename());
  });

  it('opens the signing sheet in a new window, one page per unit', async () => {
    const page = ctx.page;
    await openTestPage(page);
    await recordBlobs(page);
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Open signing sheet' }).click()]);
    const fileName = 'Salary_Signing_Sheet_HeadOfficeBranchChennai(South)_April_2026.pdf';
    // The window is titled with the spec's file name, and saving from it uses that name (not the blob's random one).
    const save = popup.getByTestId('save-pdf');
    await save.waitFor();
    expect(await popup.title()).toBe(fileName);
    expect(await save.getAttribute('download')).toBe(fileName);
    const [download] = await Promise.all([popup.waitForEvent('download'), save.click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    const { file } = await popupPdf(page, popup, 'signing-sheet.pdf', (await save.getAttribute('href')) ?? undefined);
    const pdf = pdfText(file);
    expect(pdf.pages).toBe(2);
    expect(pdf.title).toBe(fileName);
    expect(pdf.text).toContain('PAY SLIP RECEIVED REGISTER FOR THE MONTH OF: April - 2026');
    expect(pdf.text).toMatch(/Report Gen\. Date : \d{2}\/\d{2}\/\d{4}/);
  });

  it('opens the advance voucher in a new window that asks for the print dialog', async () => {
    const page = ctx.page;
    await openTestPage(page);
    await recordBlobs(page);
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Print advance voucher' }).click()]);
    const { file, raw } = await popupPdf(page, popup, 'voucher.pdf');
    const pdf = pdfText(file);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain('Amount in words : One Lakh Twenty Five Thousand Rupees and Fifty Paise Only');
    expect(pdf.text).toContain('Amount paid in : Through Bank');
    // pdfmake's print(): the document's OpenAction is the named action Print.
    expect(raw.toString('latin1')).toMatch(/\/S \/Named\s*\/N \/Print/);
  });

  it('builds a large batch off the main thread', async () => {
    const page = ctx.page;
    // Dedicated workers the page starts (pdfmake runs in one): what the test checks, not how long the page stalled,
    // which depends on the machine's load.
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await openTestPage(page);
    await page.getByLabel('Number of payslips').fill('300');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 90_000 }),
      page.getByRole('button', { name: 'Download generated payslips' }).click(),
    ]);
    const file = path.join(dir, 'batch.pdf');
    await download.saveAs(file);
    expect(pdfText(file).pages).toBe(300);
    const result = page.getByTestId('documents-result');
    await result.waitFor();
    // The PDF was built in a Web Worker, off the main thread.
    expect(workers.length).toBeGreaterThan(0);
  });
});
