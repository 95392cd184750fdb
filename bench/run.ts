// npm run bench: runs every bench/*.bench.ts (or those named on the command line), prints a table,
// writes bench/results/latest.json and the results table of PERFORMANCE.md, and exits 1 when a
// budget is broken.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Bench, BenchResult } from './types';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const passed = (r: BenchResult) => r.budget === undefined || (r.unit === 'ops/s' ? r.value >= r.budget : r.value <= r.budget);

const all: (BenchResult & { file: string; ok: boolean })[] = [];
for (const file of files) {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: Bench };
  console.log(`# ${file}`);
  const results = await mod.default();
  for (const r of results) {
    const row = { ...r, file, ok: passed(r) };
    all.push(row);
    console.log(
      `${row.ok ? 'ok  ' : 'FAIL'} ${r.name}: ${r.value} ${r.unit}${r.budget !== undefined ? ` (budget ${r.budget} ${r.unit})` : ''}`,
    );
  }
}

const when = new Date().toISOString();
const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(join(here, 'results', 'latest.json'), JSON.stringify({ when, machine, results: all }, null, 2));

const perfPath = join(root, 'PERFORMANCE.md');
const table = [
  `Last run: ${when} on ${machine}.`,
  '',
  '| bench | measure | value | budget | |',
  '|---|---|---|---|---|',
  ...all.map(
    (r) =>
      `| ${r.file.replace('.bench.ts', '')} | ${r.name} | ${r.value} ${r.unit} | ${r.budget ?? '—'} ${r.budget !== undefined ? r.unit : ''} | ${r.ok ? 'ok' : '**over budget**'} |`,
  ),
].join('\n');
const perf = readFileSync(perfPath, 'utf8');
const start = '<!-- bench:start -->';
const end = '<!-- bench:end -->';
if (only.length === 0 && perf.includes(start) && perf.includes(end)) {
  writeFileSync(perfPath, `${perf.slice(0, perf.indexOf(start) + start.length)}\n${table}\n${perf.slice(perf.indexOf(end))}`);
}
const failed = all.filter((r) => !r.ok);
console.log(failed.length ? `${failed.length} over budget` : 'all within budget');
process.exit(failed.length ? 1 : 0);
