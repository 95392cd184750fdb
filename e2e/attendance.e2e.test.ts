// Attendance in Chromium: an employee punches in and out from the browser and sees the day on
// me/attendance/logs; the manager sees the roster of their units and the attendance register, and exports it.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MENU } from '@hr/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { screenshot, signInWithToken, useBrowser } from './support';

const dir = mkdtempSync(path.join(tmpdir(), 'e2e-attendance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const todayInIndia = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

describe('attendance', () => {
  const ctx = useBrowser({ viewport: { width: 1366, height: 900 } });

  it('an employee punches in and out and sees the day on their attendance logs', async () => {
    const page = ctx.page;
    // employee2 (Chennai Branch): the payroll e2e file locks this month's head office run, and a punch for a locked
    // month is kept apart as a late punch (never on the day) — employee1's would depend on which file ran first.
    await signInWithToken(page, 'employee2', MENU.myAttendanceLogs);
    const button = page.getByTestId('punch-button');
    await button.waitFor();
    // The button is enabled once today's punches are read (another file may have punched for employee2 already).
    await expect.poll(() => button.isEnabled(), { timeout: 90_000 }).toBe(true);
    const before = await page.getByTestId('punch-card').getByTestId('punch').count();
    await expect.poll(() => button.getAttribute('data-direction')).toBe(before % 2 === 0 ? 'in' : 'out');
    await button.click();
    await expect.poll(() => page.getByTestId('punch-card').getByTestId('punch').count(), { timeout: 90_000 }).toBe(before + 1);
    // The server refuses a second punch within PUNCH_MIN_GAP_SECONDS (2 s in these tests).
    await page.waitForTimeout(2500);
    await expect.poll(() => button.getAttribute('data-direction')).toBe((before + 1) % 2 === 0 ? 'in' : 'out');
    await button.click();
    await expect.poll(() => page.getByTestId('punch-card').getByTestId('punch').count(), { timeout: 90_000 }).toBe(before + 2);
    expect(await page.getByTestId('punch-card').textContent()).toMatch(/In \d{2}:\d{2}/);
    // The cell of the working day the punches belong to carries the times now (an in and an out). A day claims
    // punches from 6 h before its shift starts (the demo's general shift, 09:30): before 03:30 IST they belong to
    // yesterday's day, whose cell is in this month's calendar unless today is the 1st.
    const [hh, mm] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(new Date())
      .split(':')
      .map(Number);
    const today = todayInIndia();
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const workDay = hh * 60 + mm < 3 * 60 + 30 ? yesterday : today;
    if (workDay.slice(0, 7) === today.slice(0, 7)) {
      const cell = page.locator(`[data-testid="calendar-day"][data-date="${workDay}"]`);
      await expect.poll(() => cell.textContent(), { timeout: 90_000 }).toMatch(/\d{2}:\d{2}–\d{2}:\d{2}/);
      await cell.click();
      await expect.poll(() => page.getByTestId('day-details').getByTestId('punch').count()).toBeGreaterThanOrEqual(2);
    }
    await screenshot(page, 'attendance-my-logs');
  });

  it('the manager sees the roster and the attendance register, and exports it', async () => {
    const page = ctx.page;
    await signInWithToken(page, 'manager', MENU.viewShift);
    await page.getByTestId('roster-grid').waitFor();
    await expect.poll(() => page.getByTestId('roster-row').count(), { timeout: 90_000 }).toBeGreaterThan(5);
    const roster = (await page.getByTestId('roster-grid').textContent()) ?? '';
    expect(roster).toContain('GEN');
    expect(roster).not.toContain('Mysuru');
    await screenshot(page, 'attendance-roster');

    await signInWithToken(page, 'manager', MENU.attendanceReport);
    await page.getByTestId('register-grid').waitFor({ timeout: 90_000 });
    await expect.poll(() => page.getByTestId('register-row').count(), { timeout: 90_000 }).toBeGreaterThan(5);
    // The seeded punches (to yesterday): somebody was present this month.
    if (Number(todayInIndia().slice(8)) > 2) expect(await page.getByTestId('register-grid').textContent()).toContain('PP');
    await screenshot(page, 'attendance-register');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), page.getByTestId('export-xlsx').click()]);
    expect(download.suggestedFilename()).toMatch(/^Attendance_Register_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = path.join(dir, 'register.xlsx');
    await download.saveAs(file);
    expect(statSync(file).size).toBeGreaterThan(2000);
  });
});
