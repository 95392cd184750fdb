/**
 * Helpers for the end-to-end suite (see e2e/vitest.config.ts and global-setup.ts).
 *
 *   const ctx = useBrowser();                 // one Chromium per file, a fresh page per test,
 *                                             // screenshot to e2e/.artifacts/ when a test fails
 *   it('…', async () => {
 *     const page = ctx.page;
 *     await signInAs(page, 'admin');          // through the sign-in screen
 *     await page.goto(MENU.shift);
 *   });
 *   const res = await apiRequest('/api/…', { user: 'admin', method: 'POST', body: {…} });  // prepare data
 */

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { MENU } from '@hr/contract';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';

export type DemoUser = 'admin' | 'manager' | 'payroll' | 'employee1' | 'employee2';

/** The seeded demo sign-ins (CONVENTIONS.md). */
export const DEMO_USERS: Record<DemoUser, { userName: string; password: string; role: string }> = {
  admin: { userName: 'admin', password: 'Admin@123', role: 'Administrator' },
  manager: { userName: 'manager', password: 'Manager@123', role: 'Manager' },
  payroll: { userName: 'payroll', password: 'Payroll@123', role: 'Payroll Officer' },
  employee1: { userName: 'employee1', password: 'Employee@123', role: 'Employee' },
  employee2: { userName: 'employee2', password: 'Employee@123', role: 'Employee' },
};

/** Local storage key of the bearer token (spec section 9). */
export const TOKEN_KEY = 'Qq5odp';

export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '.artifacts');

/** The server of this test worker: files running at the same time each have their own (global-setup.ts). */
export function baseUrl(): string {
  const urls = inject('baseUrls');
  const worker = Math.max(1, Number(process.env.VITEST_POOL_ID ?? 1) || 1);
  return urls[(worker - 1) % urls.length] as string;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export type PageOptions = {
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  /**
   * 'block' by default: the app's service worker precaches the whole shell (some 250 files) in every fresh context,
   * i.e. in every test, which costs the server and the browser CPU time and keeps the network busy; the offline and
   * installable-app tests (offline-punch.e2e) allow it.
   */
  serviceWorkers?: 'allow' | 'block';
};

/** A page in a fresh context (own storage) whose relative URLs resolve against the test server. */
export async function newPage(browser: Browser, opts: PageOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: opts.viewport ?? { width: 1366, height: 860 },
    colorScheme: opts.colorScheme ?? 'light',
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    serviceWorkers: opts.serviceWorkers ?? 'block',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(90_000);
  return page;
}

/** Saves a full-page PNG under e2e/.artifacts/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name.replace(/[^\w.-]+/g, '_').slice(0, 120)}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * One browser for the file, a fresh context and page per test; on failure the page is
 * photographed to e2e/.artifacts/FAILED-<test name>.png before it is closed.
 */
export function useBrowser(opts: PageOptions = {}) {
  const state = {} as { browser: Browser; page: Page; context: BrowserContext };
  beforeAll(async () => {
    state.browser = await launchBrowser();
  });
  beforeEach(async () => {
    state.page = await newPage(state.browser, opts);
    state.context = state.page.context();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && state.page && !state.page.isClosed()) {
      await screenshot(state.page, `FAILED-${ctx.task.name}`).catch(() => undefined);
    }
    await state.context?.close().catch(() => undefined);
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  return state;
}

/** Page object of the sign-in screen at '/'. */
export class SignInScreen {
  constructor(private readonly page: Page) {}
  get userName() {
    return this.page.getByLabel('User name or e-mail');
  }
  get password() {
    return this.page.getByLabel('Password', { exact: true });
  }
  get submit() {
    return this.page.getByRole('button', { name: 'Sign in' });
  }
  async open() {
    await this.page.goto('/');
    await this.userName.waitFor();
  }
  async fill(userName: string, password: string) {
    await this.userName.fill(userName);
    await this.password.fill(password);
  }
  async submitWith(userName: string, password: string) {
    await this.fill(userName, password);
    await this.submit.click();
  }
}

/**
 * The first screen of a page loads the app's bundle and the session: with two files at a time (two browsers, two
 * servers) on a small machine that can take longer than an ordinary wait.
 */
export const SHELL_TIMEOUT_MS = 90_000;

/** Signs in through the sign-in screen and waits until the shell (menu, header) is shown. */
export async function signInAs(page: Page, user: DemoUser): Promise<void> {
  const screen = new SignInScreen(page);
  await screen.open();
  await screen.submitWith(DEMO_USERS[user].userName, DEMO_USERS[user].password);
  await page.waitForURL(/\/outlet\//);
  await page.getByTestId('app-shell').waitFor({ timeout: SHELL_TIMEOUT_MS });
}

/** Faster than the screen: puts an API token in local storage, then opens `path` (default the dashboard). */
export async function signInWithToken(page: Page, user: DemoUser, pathName: string = MENU.dashboard): Promise<void> {
  const token = await apiToken(user, { fresh: true });
  await page.goto('/400-bad-req');
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [TOKEN_KEY, token] as const);
  await page.goto(pathName);
  await page.getByTestId('app-shell').waitFor({ timeout: SHELL_TIMEOUT_MS });
}

const tokens = new Map<DemoUser, string>();

/** A bearer token for a demo user (cached per file unless `fresh`). */
export async function apiToken(user: DemoUser, opts: { fresh?: boolean } = {}): Promise<string> {
  const cached = tokens.get(user);
  if (cached && !opts.fresh) return cached;
  const res = await fetch(`${baseUrl()}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: DEMO_USERS[user].userName, password: DEMO_USERS[user].password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${user} failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  if (!opts.fresh) tokens.set(user, token);
  return token;
}

export type ApiResult<T = any> = { status: number; body: T; headers: Headers };

/** Calls the API directly (for preparing data); `user` signs the call in as that demo user. */
export async function apiRequest<T = any>(
  urlPath: string,
  opts: { method?: string; body?: unknown; user?: DemoUser; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  const token = opts.token ?? (opts.user ? await apiToken(opts.user) : undefined);
  if (token) headers.authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl()}${urlPath}`, {
    method: opts.method ?? (opts.body !== undefined ? 'POST' : 'GET'),
    headers,
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

/** Waits for the spec's error toast ('ERR!!' + message) and returns its message. */
export async function expectErrorToast(page: Page, message?: string | RegExp): Promise<string> {
  const toast = page.locator('[data-slot="toast"][data-variant="destructive"]').first();
  await toast.waitFor();
  await expect.poll(() => toast.locator('[data-slot="toast-title"]').textContent()).toBe('ERR!!');
  const text = (await toast.locator('[data-slot="toast-description"]').textContent()) ?? '';
  if (message instanceof RegExp) expect(text).toMatch(message);
  else if (message !== undefined) expect(text).toBe(message);
  return text;
}

/** Opens a screen through the sidebar: expands its (collapsed) module group if needed, then clicks the entry. */
export async function clickMenu(page: Page, actionUrl: string): Promise<void> {
  const link = page.getByTestId('sidebar-nav').locator(`a[href="${actionUrl}"]`).first();
  await link.waitFor({ state: 'attached' });
  if (!(await link.isVisible())) {
    const group = page.getByTestId('menu-group').filter({ has: page.locator(`a[href="${actionUrl}"]`) });
    await group.locator('[data-slot="collapsible-trigger"]').first().click();
  }
  await link.click();
  await page.waitForURL((u) => u.pathname === actionUrl);
}

/** Paths of all menu entries in the sidebar navigation (collapsed groups included). */
export async function sidebarLinks(page: Page): Promise<string[]> {
  const nav = page.getByTestId('sidebar-nav');
  await nav.waitFor();
  return nav.locator('a[href]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

/** Chooses `label` in a searchable select (ReferenceSelect): open it, type, click the option. */
export async function pickOption(page: Page, trigger: Locator, label: string): Promise<void> {
  await trigger.click();
  await page.getByTestId('reference-search').fill(label);
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect.poll(() => trigger.textContent()).toContain(label);
  // The popover animates out; the next select must not find this one's search box.
  await page.getByTestId('reference-search').waitFor({ state: 'detached' });
}

/** Empties a searchable select (its clear control). */
export async function clearOption(trigger: Locator): Promise<void> {
  await trigger.getByRole('button', { name: 'Clear' }).dispatchEvent('pointerdown');
}
