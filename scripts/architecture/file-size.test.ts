// No production file over 400 lines (issue 24), counted as a reader counts them: every physical line, blank lines
// and comments included (Biome's noExcessiveLinesPerFile counts fewer). Tests and generated files are left out, and
// the few files that are data rather than code: rows a reader scans, not logic they must hold in their head.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './graph';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAX_LINES = 400;

/** Data, not code: each with what it holds. The list may only shrink. */
const DATA_FILES: Record<string, string> = {
  'packages/payroll/src/statutory/parameters.ts': 'the dated statutory rows (PF, ESI, PT and LWF by state), each with its notification',
  'apps/server/src/modules/masters/seed.ts': "the demo organisation's master rows",
  'apps/server/src/db/schema/masters.ts': 'the master tables’ column declarations',
};

const production = ['apps/server/src', 'apps/web/src', 'packages']
  .flatMap((dir) => sourceFiles(ROOT, dir))
  .filter((f) => !f.includes('/test/') && !/\.gen\.tsx?$/.test(f));

describe('file size', () => {
  it('finds the production files', () => {
    expect(production.length).toBeGreaterThan(500);
  });

  it(`keeps every production file within ${MAX_LINES} lines, blank lines and comments included`, () => {
    const over = production
      .filter((f) => !(f in DATA_FILES))
      .map((f) => ({ f, lines: readFileSync(path.join(ROOT, f), 'utf8').replace(/\n$/, '').split('\n').length }))
      .filter((x) => x.lines > MAX_LINES)
      .map((x) => `${x.f}: ${x.lines} lines`);
    expect(over).toEqual([]);
  });

  it('lists as data only files that exist and are over the limit', () => {
    for (const f of Object.keys(DATA_FILES)) {
      const lines = readFileSync(path.join(ROOT, f), 'utf8').split('\n').length;
      expect(lines, f).toBeGreaterThan(MAX_LINES);
    }
  });
});
