// The installable app punching without a network (issue 29), in Chromium at a phone's size: the service worker keeps
// the shell, so with the network cut the page reloads; a punch made then is kept on the phone (IndexedDB) through
// another reload, and when the network returns it is sent and stored once, marked "recorded offline" on the punch list.
// Also: the manifest carries the organisation's name and icons, and the phone home is usable by keyboard.
import { todayIn } from '@hr/calendar';
import { describe, expect, it } from 'vitest';
import { apiRequest, screenshot, signInWithToken, useBrowser } from './support';

const ctx = useBrowser({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
/** Chennai Branch's office (its geofence's centre in the seed). */
const CHENNAI = { latitude: 13.0569, longitude: 80.2425 };
/** A page's data on a loaded machine can take seconds. */
const WAIT = { timeout: 90_000 };

type Punch = { id: number; source: string; recordedOffline: boolean; latitude: number | null; direction: string | null };

const todaysPunches = async () => {
  const today = todayIn('Asia/Kolkata');
  const res = await apiRequest<Punch[]>(`/api/attendance/punches?from=${today}&to=${today}`, { user: 'employee2' });
  expect(res.status).toBe(200);
  return res.body;
};

describe('the installed app without a network', () => {
  it('serves a manifest with the organisation’s name and the icons', async () => {
    const org = await apiRequest<{ acc_dtls: { organisation: { name: string } } }>('/api/auth/me', { user: 'employee2' });
    const res = await apiRequest<{ name: string; start_url: string; display: string; icons: { src: string; sizes: string }[] }>(
      '/api/public/app-manifest',
    );
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(org.body.acc_dtls.organisation.name);
    expect(res.body.display).toBe('standalone');
    expect(res.body.start_url).toBe('/outlet/home');
    expect(res.body.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of res.body.icons) {
      const file = await apiRequest(icon.src);
      expect(file.status, icon.src).toBe(200);
    }
  });

  it('keeps a punch made offline through a reload and stores it once, marked recorded offline, when the network returns', async () => {
    const { page, context } = ctx;
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ ...CHENNAI, accuracy: 15 });
    const before = await todaysPunches();

    await signInWithToken(page, 'employee2', '/outlet/home');
    await page.getByTestId('phone-home').waitFor();
    await page.getByTestId('punch-button').waitFor();
    // The service worker is installed with the shell precached before the network goes.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('phone-home').waitFor();
    await expect.poll(() => page.getByTestId('offline-status').textContent(), WAIT).toContain('You are offline');
    await page.getByTestId('punch-button').click();
    await expect.poll(() => page.getByTestId('offline-waiting').textContent(), WAIT).toBe('1 punch waiting to be sent.');
    await screenshot(page, 'offline-punch-waiting-390');

    // Still on the phone after the page is opened again without a network.
    await page.reload();
    await page.getByTestId('phone-home').waitFor();
    await expect.poll(() => page.getByTestId('offline-waiting').textContent(), WAIT).toBe('1 punch waiting to be sent.');
    expect((await todaysPunches()).length).toBe(before.length);
    // The installed app opened afresh without a network (a new tab: no session storage): the profile kept with the
    // token opens the shell, and the punch is there.
    const fresh = await context.newPage();
    await fresh.goto('/outlet/home');
    await fresh.getByTestId('phone-home').waitFor();
    await expect.poll(() => fresh.getByTestId('offline-waiting').textContent(), WAIT).toBe('1 punch waiting to be sent.');
    await fresh.close();

    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('offline-status').count(), { timeout: 90_000 }).toBe(0);
    const after = await todaysPunches();
    const added = after.filter((p) => !before.some((b) => b.id === p.id));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ source: 'web', recordedOffline: true, latitude: CHENNAI.latitude });

    // The punch list says so; a reload (online) sends nothing again.
    const card = page.getByTestId('punch-card');
    await expect.poll(() => card.getByTestId('recorded-offline').count(), WAIT).toBe(1);
    await page.reload();
    await page.getByTestId('punch-button').waitFor();
    await expect.poll(() => card.getByTestId('punch').count(), WAIT).toBeGreaterThan(0);
    expect((await todaysPunches()).length).toBe(before.length + 1);
    await screenshot(page, 'offline-punch-sent-390');
  });

  it("says a newer version is required below the APK version master's minimum, and the server refuses its punch", async () => {
    const { page } = ctx;
    const release = await apiRequest<{ id: number }>('/api/resources/apkVersion', {
      user: 'admin',
      body: {
        versionCode: 200,
        versionName: '2.0.0',
        minSupportedVersionCode: 150,
        isForceUpdate: false,
        releaseDate: todayIn('Asia/Kolkata'),
        releaseNotes: 'Needed by every phone',
      },
    });
    expect(release.status, JSON.stringify(release.body)).toBe(201);
    try {
      await signInWithToken(page, 'employee2', '/outlet/home');
      const dialog = page.getByRole('dialog', { name: 'A newer version is required' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('install version 2.0.0 (200) or later');
      await screenshot(page, 'app-update-required-390');
      await dialog.getByRole('button', { name: 'Not now' }).click();
      await page.getByTestId('punch-button').click();
      await expect.poll(() => page.getByText(/no longer supported: install version 2\.0\.0/).count(), WAIT).toBeGreaterThan(0);
    } finally {
      expect((await apiRequest(`/api/resources/apkVersion/${release.body.id}`, { user: 'admin', method: 'DELETE' })).status).toBeLessThan(
        300,
      );
    }
  });

  it('lets a keyboard reach the punch button and the requests from the skip link, with labelled controls', async () => {
    const { page } = ctx;
    await signInWithToken(page, 'employee2', '/outlet/home');
    await page.getByTestId('phone-home').waitFor();
    // The button is enabled once today's punches have loaded (a disabled button takes no focus).
    await expect.poll(() => page.getByTestId('punch-button').isEnabled(), WAIT).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), WAIT).toBe('skip-link');
    await page.keyboard.press('Enter');
    // From the screen's start the punch button is among the first stops, named by its text.
    let reached = false;
    for (let i = 0; i < 12 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = (await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))) === 'punch-button';
    }
    expect(reached).toBe(true);
    expect(await page.getByRole('button', { name: /Punch (In|Out)/ }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('switch', { name: 'Send my location' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Requests' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Apply for leave' }).count()).toBe(1);
  });
});
