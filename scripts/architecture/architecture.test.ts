// The shape of the code, checked on every `npm test` (issue 24): the server's areas form a DAG in the order of
// modules/index.ts (an area imports only areas listed before it, and the foundation below them imports no area),
// the workspace packages form a DAG and never import an app, and the web app never imports the server.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, type ImportEdge, importsOf, moduleEdges, sourceFiles } from './graph';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = 'apps/server/src/';

/** The area folders in the order of MODULES in apps/server/src/modules/index.ts (read from its text). */
function moduleOrder(): string[] {
  const text = readFileSync(path.join(ROOT, SERVER, 'modules/index.ts'), 'utf8');
  const folderOf = new Map<string, string>();
  for (const m of text.matchAll(/import \{ (\w+) \} from '\.\/([\w-]+)\/module';/g)) folderOf.set(m[1] as string, m[2] as string);
  const list = /export const MODULES[^=]*=\s*\[([^\]]*)\]/.exec(text)?.[1] ?? '';
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((name) => folderOf.get(name) ?? `unknown manifest ${name}`);
}

/**
 * The server's layers, lowest first. A file may import its own layer and the layers before it. The foundation
 * (configuration, the application context, database, jobs runner, lib) comes first, then each area in the MODULES order, then what
 * assembles them (the module list, the seed, the app and its entry points).
 */
function serverLayers(): string[] {
  return [
    'config',
    'app-context',
    'db',
    'jobs',
    'lib',
    ...moduleOrder().map((m) => `modules/${m}`),
    'modules',
    'types',
    'seed',
    'backup',
    'health',
    'web',
    'app',
    'cluster',
    'main',
  ];
}

/** The layer of a server file or import target (its top folder; an area's folder under modules/). */
function serverLayer(file: string): string | undefined {
  if (!file.startsWith(SERVER)) return undefined;
  const parts = file.slice(SERVER.length).split('/');
  if (parts.length === 1) return (parts[0] as string).replace(/\.(ts|tsx)$/, '');
  if (parts[0] === 'modules') return parts.length > 2 ? `modules/${parts[1]}` : 'modules';
  return parts[0];
}

const serverEdges: ImportEdge[] = sourceFiles(ROOT, SERVER).flatMap((f) => importsOf(ROOT, f));

describe('server module graph', () => {
  it('lists every area folder once in MODULES', () => {
    const order = moduleOrder();
    const folders = new Set(sourceFiles(ROOT, `${SERVER}modules`).flatMap((f) => serverLayer(f)?.match(/^modules\/(.+)$/)?.[1] ?? []));
    expect(order.filter((m) => m.startsWith('unknown'))).toEqual([]);
    expect(new Set(order).size).toBe(order.length);
    expect([...folders].filter((f) => !order.includes(f))).toEqual([]);
  });

  it('has no import cycle between module folders', () => {
    expect(cycles(moduleEdges(serverEdges))).toEqual([]);
  });

  it('imports only downwards: an area uses areas listed before it, the foundation uses no area', () => {
    const layers = serverLayers();
    const rank = new Map(layers.map((l, i) => [l, i]));
    const upward: string[] = [];
    for (const e of serverEdges) {
      const from = serverLayer(e.from);
      const to = serverLayer(e.to);
      if (!from || !to || from === to) continue;
      const a = rank.get(from);
      const b = rank.get(to);
      if (a === undefined) upward.push(`${e.from}: layer ${from} is not in the list`);
      else if (b === undefined) upward.push(`${e.from} → ${e.to}: layer ${to} is not in the list`);
      else if (b > a) upward.push(`${e.from} → ${e.to} (${from} may not import ${to})`);
    }
    expect(upward).toEqual([]);
  });
});

describe('workspace graph', () => {
  const packages = ['contract', 'calendar', 'attendance', 'payroll', 'documents'];
  const edges = packages.flatMap((p) => sourceFiles(ROOT, `packages/${p}/src`).flatMap((f) => importsOf(ROOT, f)));

  it('packages never import an app', () => {
    const bad = edges.filter((e) => e.to.startsWith('apps/') || e.to.startsWith('@hr/server') || e.to.startsWith('@hr/web'));
    expect(bad.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  it('packages reach each other only through their names, without a cycle', () => {
    const graph = new Map<string, Map<string, string[]>>();
    const escapes: string[] = [];
    for (const e of edges) {
      const from = e.from.split('/')[1] as string;
      if (e.to.startsWith('packages/') && e.to.split('/')[1] !== from) escapes.push(`${e.from} → ${e.to}`);
      const to = /^@hr\/([\w-]+)/.exec(e.to)?.[1];
      if (!to || to === from) continue;
      const row = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, row);
      row.set(to, [...(row.get(to) ?? []), e.from]);
    }
    expect(escapes).toEqual([]);
    expect(cycles(graph)).toEqual([]);
  });

  it('the web app never imports the server', () => {
    const web = sourceFiles(ROOT, 'apps/web/src', { tests: true }).flatMap((f) => importsOf(ROOT, f));
    expect(web.filter((e) => e.to.startsWith('apps/server')).map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });
});
