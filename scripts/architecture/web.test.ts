// The web app's shape (issue 24): each folder under apps/web/src/screens/ is one area of screens, and an area
// imports no other area. What several areas use lives in apps/web/src/components/ or apps/web/src/lib/, which import
// no screen. Only the route table (apps/web/src/routes.tsx) imports the areas, to mount them.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ImportEdge, importsOf, sourceFiles } from './graph';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WEB = 'apps/web/src/';
const SCREENS = `${WEB}screens/`;

/** An edge with the web's `@/` alias resolved to the file it names (apps/web/src/…, without extension). */
function resolved(e: ImportEdge): ImportEdge {
  return e.to.startsWith('@/') ? { from: e.from, to: `${WEB}${e.to.slice(2).replace(/\.(ts|tsx|js)$/, '')}` } : e;
}

/** The area (first folder under screens/) of a file or import target, if it is in one. */
function areaOf(file: string): string | undefined {
  if (!file.startsWith(SCREENS)) return undefined;
  const parts = file.slice(SCREENS.length).split('/');
  return parts.length > 1 ? parts[0] : undefined;
}

/** The edges that break the rules, as 'from → to (why)'. */
function webViolations(edges: ImportEdge[]): string[] {
  const out: string[] = [];
  for (const e of edges.map(resolved)) {
    const target = areaOf(e.to) ?? (e.to.startsWith(SCREENS) ? 'screens' : undefined);
    if (!target) continue;
    const from = areaOf(e.from);
    if (from && from !== target) out.push(`${e.from} → ${e.to} (the ${from} screens may not import the ${target} screens)`);
    else if (e.from.startsWith(`${WEB}components/`) || e.from.startsWith(`${WEB}lib/`))
      out.push(`${e.from} → ${e.to} (components and lib may not import screens)`);
  }
  return out;
}

const edges = sourceFiles(ROOT, WEB, { tests: true }).flatMap((f) => importsOf(ROOT, f));

describe('web app graph', () => {
  it('no screen area imports another, and components/ and lib/ import no screen', () => {
    expect(webViolations(edges)).toEqual([]);
  });

  it('sees the imports it checks: the route table reaches the screens through the @/ alias', () => {
    const fromRoutes = edges.map(resolved).filter((e) => e.from === `${WEB}routes.tsx` && e.to.startsWith(SCREENS));
    expect(fromRoutes.length).toBeGreaterThan(0);
    expect(webViolations(fromRoutes)).toEqual([]);
  });

  it('names each kind of break', () => {
    const e = (from: string, to: string): ImportEdge => ({ from: `${WEB}${from}`, to });
    expect(
      webViolations([
        e('screens/attendance/DevicesPanel.tsx', `${WEB}screens/payroll/components`),
        e('screens/requests/AllRequestsScreen.tsx', '@/screens/attendance/components'),
        e('components/documents/DocumentCards.tsx', '@/screens/transaction/employee/api'),
        e('lib/files.ts', `${WEB}screens/payroll/api`),
        // allowed: inside one area, to shared places, and the route table
        e('screens/transaction/employee/SalaryPanel.tsx', `${WEB}screens/transaction/routes`),
        e('screens/payroll/SalaryRunScreen.tsx', '@/components/common/UnitSelect'),
        e('routes.tsx', '@/screens/payroll/routes'),
        e('screens/payroll/api.ts', '@hr/contract'),
      ]),
    ).toEqual([
      `${WEB}screens/attendance/DevicesPanel.tsx → ${WEB}screens/payroll/components (the attendance screens may not import the payroll screens)`,
      `${WEB}screens/requests/AllRequestsScreen.tsx → ${WEB}screens/attendance/components (the requests screens may not import the attendance screens)`,
      `${WEB}components/documents/DocumentCards.tsx → ${WEB}screens/transaction/employee/api (components and lib may not import screens)`,
      `${WEB}lib/files.ts → ${WEB}screens/payroll/api (components and lib may not import screens)`,
    ]);
  });
});
