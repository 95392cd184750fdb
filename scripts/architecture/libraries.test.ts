// One module per concern (issue 24): a library that carries a concern is imported in one place only, so its rules
// (formats, formula-injection guard, how a cell is read) live there. ExcelJS: apps/server/src/lib/xlsx.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from './graph';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PRODUCTION = [
  'apps/server/src',
  'apps/web/src',
  'packages/contract/src',
  'packages/calendar/src',
  'packages/attendance/src',
  'packages/payroll/src',
  'packages/documents/src',
];
const edges = PRODUCTION.flatMap((dir) => sourceFiles(ROOT, dir).flatMap((f) => importsOf(ROOT, f)));

/** The files outside `home` that import `library` (or a path inside it). */
function importersOutside(library: string, home: string): string[] {
  return edges
    .filter((e) => (e.to === library || e.to.startsWith(`${library}/`)) && !e.from.startsWith(home))
    .map((e) => `${e.from} → ${e.to}`);
}

describe('one spreadsheet module', () => {
  it('imports exceljs only in apps/server/src/lib/xlsx (write, template, read)', () => {
    expect(importersOutside('exceljs', 'apps/server/src/lib/xlsx/')).toEqual([]);
  });

  it('finds an import of exceljs where there is one (the rule reads the files it should)', () => {
    expect(edges.some((e) => e.to === 'exceljs' && e.from.startsWith('apps/server/src/lib/xlsx/'))).toBe(true);
  });
});
