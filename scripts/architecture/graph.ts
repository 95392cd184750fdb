// The import graph of the source tree, read from the files (static `import … from`, `export … from`, side-effect
// `import '…'` and dynamic `import('…')` of relative paths and workspace packages). Used by architecture.test.ts,
// which holds the rules: no cycle between the server's module folders, every import going down the layer order,
// packages never importing apps.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface ImportEdge {
  /** The importing file, relative to the repository root. */
  from: string;
  /** The imported file (relative path resolved, without extension) or the package name. */
  to: string;
}

const SOURCE = /\.(ts|tsx)$/;
const SKIP_DIR = new Set(['node_modules', 'dist', 'build', '.git']);

export function sourceFiles(root: string, dir: string, opts: { tests?: boolean } = {}): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    for (const name of readdirSync(abs)) {
      if (SKIP_DIR.has(name)) continue;
      const full = path.join(abs, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts') && (opts.tests || !/\.test\.tsx?$/.test(name))) {
        out.push(path.relative(root, full));
      }
    }
  };
  walk(path.join(root, dir));
  return out.sort();
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

/** The edges of one file: relative imports resolved against the file (extension dropped), packages by name. */
export function importsOf(root: string, file: string): ImportEdge[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const edges: ImportEdge[] = [];
  for (const m of text.matchAll(SPECIFIER)) {
    const spec = m[1] as string;
    const to = spec.startsWith('.') ? path.normalize(path.join(path.dirname(file), spec)).replace(/\.(ts|tsx|js)$/, '') : spec;
    edges.push({ from: file, to });
  }
  return edges;
}

const MODULES_DIR = 'apps/server/src/modules/';

/** The server module folder a file belongs to (`payroll` for apps/server/src/modules/payroll/runs.ts), if any. */
export function moduleOf(file: string): string | undefined {
  if (!file.startsWith(MODULES_DIR)) return undefined;
  const rest = file.slice(MODULES_DIR.length).split('/');
  return rest.length > 1 ? rest[0] : undefined;
}

/** Module-folder edges (a → b where a file of a imports a file of b), with the files that make each. */
export function moduleEdges(edges: ImportEdge[]): Map<string, Map<string, string[]>> {
  const out = new Map<string, Map<string, string[]>>();
  for (const e of edges) {
    const a = moduleOf(e.from);
    const b = moduleOf(e.to);
    if (!a || !b || a === b) continue;
    const row = out.get(a) ?? new Map<string, string[]>();
    out.set(a, row);
    row.set(b, [...(row.get(b) ?? []), `${e.from} → ${e.to}`]);
  }
  return out;
}

/** The strongly connected components with more than one member (Tarjan): each is an import cycle. */
export function cycles(graph: Map<string, Map<string, string[]>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, idx.get(w) as number));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) found.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}
