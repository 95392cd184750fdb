// A unit's ID cards in Chromium: the server builds one PDF in a job, the page follows its progress bar and
// the PDF downloads under its name.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MENU } from '@hr/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { pickOption, signInWithToken, useBrowser } from './support';

const dir = mkdtempSync(path.join(tmpdir(), 'e2e-idcards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ID cards of a unit', () => {
  const ctx = useBrowser();

  it('are built on the server as one PDF and downloaded', async () => {
    const page = ctx.page;
    await signInWithToken(page, 'admin', MENU.idCard);
    await pickOption(page, page.getByTestId('id-card-unit'), 'Chennai Branch');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 90_000 }),
      page.getByTestId('print-unit-id-cards').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = path.join(dir, 'cards.pdf');
    await download.saveAs(file);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBeGreaterThanOrEqual(2);
  });
});
