// Employees in Chromium: add an employee through the form, upload a document and see it listed, give them
// a sign-in, open My profile as that employee and print their ID card (a PDF downloads).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MENU } from '@hr/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { clearOption, pickOption, SignInScreen, screenshot, signInWithToken, useBrowser } from './support';

const dir = mkdtempSync(path.join(tmpdir(), 'e2e-employees-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const CODE = `E2E${Date.now().toString().slice(-6)}`;
const USER = `e2e.${CODE.toLowerCase()}`;

describe('employees', () => {
  const ctx = useBrowser();

  it('adds an employee through the form, uploads a document, and lists it', async () => {
    const page = ctx.page;
    await signInWithToken(page, 'admin', MENU.employee);
    await page.getByTestId('employee-row').first().waitFor();
    await page.getByTestId('add-employee').click();
    await page.waitForURL(/\/outlet\/transaction\/employee\/new$/);
    await expect.poll(() => page.getByTestId('employee-title').textContent()).toBe('New employee');

    // Personal
    await page.locator('#f-name').fill('Lakshmi Narayanan');
    await page.locator('#f-gender').selectOption('Female');
    await page.locator('#f-dateOfBirth').fill('1993-08-17');
    await page.locator('#f-mobile').fill('9845011223');
    await page.locator('#f-email').fill('lakshmi.n@example.in');
    // Job
    await page.getByRole('tab', { name: 'Job' }).click();
    await page.locator('#f-employeeCode').fill(CODE);
    await pickOption(page, page.locator('#f-unitId'), 'Head Office Bengaluru');
    await pickOption(page, page.locator('#f-departmentId'), 'Finance & Accounts');
    await pickOption(page, page.locator('#f-designationId'), 'Accounts Executive');
    await page.locator('#f-dateOfJoining').fill('2024-06-03');
    // The reporting manager is found by a search on the server.
    await page.getByPlaceholder('Find a manager by name or code').fill('BLR0001');
    await page.locator('#f-reportingManagerId option', { hasText: 'Rahul Menon (BLR0001)' }).waitFor({ state: 'attached' });
    await page.locator('#f-reportingManagerId').selectOption({ label: 'Rahul Menon (BLR0001)' });
    // Statutory and bank
    await page.getByRole('tab', { name: 'Statutory' }).click();
    await page.locator('#f-pan').fill('ABCPN1234K');
    await page.getByRole('tab', { name: 'Bank' }).click();
    await page.locator('#f-bankAccountNo').fill('50100223344556');
    await page.locator('#f-ifsc').fill('HDFC0000523');

    await page.getByTestId('save-employee').click();
    // Saving, then opening the new record's address, can take a few seconds on a loaded machine.
    await expect.poll(() => page.getByTestId('employee-title').textContent(), { timeout: 90_000 }).toBe('Lakshmi Narayanan');
    expect(page.url()).toMatch(/\/outlet\/transaction\/employee\/[0-9a-f]{32,}$/);

    // Documents: the unit's mandatory ones are missing until uploaded.
    await page.getByRole('tab', { name: /Documents/ }).click();
    await page.getByTestId('missing-documents').waitFor();
    await page.getByTestId('doc-type').selectOption({ label: 'PAN Card' });
    await page.getByTestId('document-file').setInputFiles({ name: 'pan-card.pdf', mimeType: 'application/pdf', buffer: PDF });
    const row = page.getByTestId('document-row').filter({ hasText: 'PAN Card' });
    await row.waitFor();
    await screenshot(page, 'employees-record-documents');
    expect(await row.textContent()).toContain('pan-card.pdf');
    expect(await page.getByTestId('missing-documents').textContent()).not.toContain('PAN Card');

    // A sign-in for the employee.
    await page.getByRole('tab', { name: 'Sign-in account' }).click();
    await page.getByTestId('account-username').fill(USER);
    await page.getByTestId('account-password').fill('Banyan-Lamp-63');
    await page.getByTestId('create-account').click();
    await page.getByText('Linked').waitFor();

    // The list finds them by code.
    await page.goto(MENU.employee);
    await page.getByTestId('employee-search').fill(CODE);
    await expect.poll(() => page.getByTestId('employee-row').count()).toBe(1);
    expect(await page.getByTestId('employee-row').textContent()).toContain('Lakshmi Narayanan');
    await page.getByTestId('employee-search').fill('');
    await expect.poll(() => page.getByTestId('employee-row').count()).toBeGreaterThan(5);
    // The unit filter narrows the list to that unit's staff.
    await pickOption(page, page.getByLabel('Unit', { exact: true }), 'Chennai Branch');
    await expect
      .poll(async () => (await page.getByTestId('employee-row').allTextContents()).every((t) => t.includes('Chennai Branch')))
      .toBe(true);
    expect(await page.getByTestId('employee-row').count()).toBeGreaterThan(0);
    await clearOption(page.getByLabel('Unit', { exact: true }));
    await expect.poll(() => page.getByLabel('Unit', { exact: true }).textContent()).toContain('All units');
    await screenshot(page, 'employees-list');
  });

  it('the employee opens My profile and prints their ID card', async () => {
    const page = ctx.page;
    const signIn = new SignInScreen(page);
    await signIn.open();
    await signIn.submitWith(USER, 'Banyan-Lamp-63');
    await page.waitForURL(/\/outlet\//);
    await page.goto(MENU.profile);
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe('Lakshmi Narayanan');
    expect(await page.getByText(CODE).first().textContent()).toContain(CODE);
    await page.getByText('reports to Rahul Menon').waitFor();

    await screenshot(page, 'employees-my-profile');
    await page.goto(MENU.uploadDocuments);
    await page.getByTestId('document-row').filter({ hasText: 'PAN Card' }).waitFor();

    await page.goto(MENU.idCard);
    await page.getByTestId('id-card-preview').waitFor();
    await screenshot(page, 'employees-id-card');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('print-own-id-card').click()]);
    expect(download.suggestedFilename()).toBe(`ID_Card_${CODE}.pdf`);
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/Pages:\s+2/);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Lakshmi Narayanan');
    expect(text).toContain(CODE);
  });
});
