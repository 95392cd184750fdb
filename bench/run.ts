// npm run bench: runs every bench/*.bench.ts (or those named on the command line: `npm run bench -- load`,
// `-- load.bench.ts` or `-- bench/load.bench.ts`), prints a table, writes bench/results/latest.json and the results
// table of PERFORMANCE.md (budgeted rows only; a run of some files replaces their rows), and exits 1 when a budget
// is broken. Each file runs in a Node process of its own, one after the other, so no bench inherits another's heap,
// caches, loaded modules or timers; each makes its own database, and on PostgreSQL checkpoints and vacuums it before
// timing (lib/harness.ts `settle`), so its figures do not depend on which files ran before it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Bench, BenchResult } from './types';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

// The child: runs one file and writes its results as JSON.
if (process.argv[2] === '--one') {
  const [file, out] = process.argv.slice(3);
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: Bench };
  writeFileSync(out, JSON.stringify(await mod.default()));
  process.exit(0);
}

/** 'load', 'load.bench.ts', 'bench/load.bench.ts' → 'load'. */
const benchName = (arg: string) =>
  basename(arg)
    .replace(/\.ts$/, '')
    .replace(/\.bench$/, '');
const all = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
const only = process.argv.slice(2).map(benchName);
const files = only.length
  ? all.filter((f) => only.some((o) => benchName(f) === o) || only.some((o) => !all.some((g) => benchName(g) === o) && f.includes(o)))
  : all;
if (only.length && files.length === 0) {
  console.error(`no bench named ${only.join(', ')}; the benches: ${all.map(benchName).join(', ')}`);
  process.exit(2);
}

const passed = (r: BenchResult) => r.budget === undefined || (r.unit === 'ops/s' ? r.value >= r.budget : r.value <= r.budget);

const work = mkdtempSync(join(os.tmpdir(), 'hr-bench-run-'));
const rows: (BenchResult & { file: string; ok: boolean })[] = [];
for (const file of files) {
  console.log(`# ${file}`);
  const out = join(work, `${file}.json`);
  // The same loader as this process (tsx), gc exposed for the benches that settle the heap before measuring.
  const child = spawnSync(process.execPath, [...process.execArgv, '--expose-gc', fileURLToPath(import.meta.url), '--one', file, out], {
    cwd: root,
    stdio: 'inherit',
  });
  let results: BenchResult[];
  try {
    results = JSON.parse(readFileSync(out, 'utf8')) as BenchResult[];
  } catch {
    results = [{ name: `the bench did not finish (exit ${child.status ?? child.signal})`, value: 1, unit: 'count', budget: 0 }];
  }
  for (const r of results) {
    const row = { ...r, file, ok: passed(r) };
    rows.push(row);
    console.log(
      `${row.ok ? 'ok  ' : 'FAIL'} ${r.name}: ${r.value} ${r.unit}${r.budget !== undefined ? ` (budget ${r.budget} ${r.unit})` : ''}`,
    );
  }
}
rmSync(work, { recursive: true, force: true });

const when = new Date().toISOString();
const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(join(here, 'results', 'latest.json'), JSON.stringify({ when, machine, files, results: rows }, null, 2));

// PERFORMANCE.md keeps the budgeted figures (all of them are in bench/results/latest.json).
const line = (r: (typeof rows)[number]) =>
  `| ${benchName(r.file)} | ${r.name} | ${r.value} ${r.unit} | ${r.budget} ${r.unit} | ${r.ok ? 'ok' : '**over budget**'} |`;
const budgeted = rows.filter((r) => r.budget !== undefined);
const perfPath = join(root, 'PERFORMANCE.md');
const perf = readFileSync(perfPath, 'utf8');
const start = '<!-- bench:start -->';
const end = '<!-- bench:end -->';
if (perf.includes(start) && perf.includes(end)) {
  const head = ['| bench | measure | value | budget | |', '|---|---|---|---|---|'];
  let block: string[];
  if (only.length === 0) {
    block = [`Last full run: ${when} on ${machine}.`, '', ...head, ...budgeted.map(line)];
  } else {
    // Some files: their rows replaced where they stood (or added at the end), the run noted under the first line.
    const old = perf
      .slice(perf.indexOf(start) + start.length, perf.indexOf(end))
      .trim()
      .split('\n');
    const ran = new Set(files.map(benchName));
    const firstTable = old.findIndex((l) => l.startsWith('| bench |'));
    const intro = firstTable > 0 ? old.slice(0, firstTable).filter((l) => l.trim() !== '') : [];
    const kept = old.slice(firstTable + 2).filter((l) => l.startsWith('|'));
    const at = kept.findIndex((l) => ran.has(l.split('|')[1].trim()));
    const others = kept.filter((l) => !ran.has(l.split('|')[1].trim()));
    const fresh = budgeted.map(line);
    const table = at < 0 ? [...others, ...fresh] : [...others.slice(0, at), ...fresh, ...others.slice(at)];
    const note = `Re-run since: \`npm run bench -- ${[...ran].join(' ')}\` ${when}.`;
    block = [...intro, note, '', ...head, ...table];
  }
  writeFileSync(perfPath, `${perf.slice(0, perf.indexOf(start) + start.length)}\n${block.join('\n')}\n${perf.slice(perf.indexOf(end))}`);
}
const failed = rows.filter((r) => !r.ok);
console.log(failed.length ? `${failed.length} over budget` : 'all within budget');
process.exit(failed.length ? 1 : 0);
