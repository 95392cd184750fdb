// Documents: 1,000 payslips in one PDF.
// - Node: built in a process of its own (packages/documents/scripts/bench-payslips.ts), so its peak
//   RSS is the job's own; drawn straight onto pdfkit (packages/documents/src/payslip-pdf.ts); budgets 2 s and 400 MB.
// - Chromium: through the test page /outlet/dev/documents of a test build (VITE_E2E_PAGES=1) served by
//   the real server on a throw-away PGlite folder; the PDF is built in the documents Web Worker by the same
//   renderer (on the pdfkit inside pdfmake's browser build).
//   Recorded: time from the click to the download, and the longest main-thread stall meanwhile.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Bench, BenchResult } from './types';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COUNT = 1000;

function nodeRun(): { ms: number; cpuMs: number; bytes: number; maxRssMB: number } {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'packages/documents/scripts/bench-payslips.ts', String(COUNT)], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop()!);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

async function browserRun(): Promise<{ ms: number; stallMs: number; fileName: string } | null> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    console.warn(`documents bench: no Chromium at ${executablePath}; browser figures not measured`);
    return null;
  }
  const work = mkdtempSync(path.join(tmpdir(), 'hr-bench-documents-'));
  const dist = path.join(work, 'dist');
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: path.join(root, 'apps/web'),
    env: { ...process.env, VITE_E2E_PAGES: '1' },
    stdio: 'inherit',
  });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // One node process with the tsx loader (as npm run serve): the tsx launcher would SIGKILL it on SIGTERM.
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    detached: true,
    stdio: 'ignore',
  });
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      const ok = await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 300));
    }
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: 'Admin@123' }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const context = await browser.newContext({ baseURL: baseUrl, timezoneId: 'Asia/Kolkata' });
    const page = await context.newPage();
    await page.goto('/400-bad-req');
    await page.evaluate((t) => localStorage.setItem('Qq5odp', t), token);
    await page.goto('/outlet/dev/documents');
    await page.getByTestId('documents-dev').waitFor({ timeout: 30_000 });
    // Warm up once (loads the worker, pdfmake and the fonts), then measure.
    await page.getByLabel('Number of payslips').fill('3');
    await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download generated payslips' }).click()]);
    await page.getByLabel('Number of payslips').fill(String(COUNT));
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 180_000 }),
      page.getByRole('button', { name: 'Download generated payslips' }).click(),
    ]);
    const result = page.getByTestId('documents-result');
    await page.waitForFunction(() => document.querySelector('[data-testid="documents-result"]')?.textContent?.startsWith('1000 payslips'));
    return {
      ms: Number(await result.getAttribute('data-ms')),
      stallMs: Number(await result.getAttribute('data-stall-ms')),
      fileName: download.suggestedFilename(),
    };
  } finally {
    await browser.close();
    if (server.pid && server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
    rmSync(work, { recursive: true, force: true });
  }
}

const bench: Bench = async () => {
  const results: BenchResult[] = [];
  const node = nodeRun();
  results.push(
    {
      name: `payslips: ${COUNT.toLocaleString('en-IN')} in one PDF, built in Node`,
      value: Math.round(node.ms) / 1000,
      unit: 's',
      budget: 2,
      note: `CPU ${node.cpuMs} ms`,
    },
    {
      name: `payslips: ${COUNT.toLocaleString('en-IN')} in one PDF, peak RSS (Node, own process)`,
      value: node.maxRssMB,
      unit: 'MB',
      budget: 400,
    },
    { name: `payslips: ${COUNT.toLocaleString('en-IN')} in one PDF, file size`, value: Math.round(node.bytes / 1024), unit: 'KB' },
  );
  const browser = await browserRun();
  if (browser) {
    results.push(
      {
        name: `payslips: ${COUNT.toLocaleString('en-IN')} in one PDF, built in Chromium (Web Worker)`,
        value: Math.round(browser.ms) / 1000,
        unit: 's',
        note: browser.fileName,
      },
      { name: 'payslips in Chromium: longest main-thread stall while building', value: browser.stallMs, unit: 'ms' },
    );
  }
  return results;
};

export default bench;
