// The heads' dependency graph (node i < n: head i; n: GROSS; n + 1: DEDUCTIONS): what depends on a head, and the
// cycles compileFormulas reports.
import type { FormulaProblem } from '../formula';
import type { EngineHead } from './types';

/** The heads that depend on head `at`, directly or through others (and `at` itself). */
export function dependentsOf(deps: number[][], at: number): Set<number> {
  const out = new Set<number>([at]);
  let grew = true;
  while (grew) {
    grew = false;
    deps.forEach((d, i) => {
      if (!out.has(i) && d.some((x) => out.has(x))) {
        out.add(i);
        grew = true;
      }
    });
  }
  return out;
}

function nodeName(heads: EngineHead[], node: number): string {
  const n = heads.length;
  return node === n ? 'GROSS' : node === n + 1 ? 'DEDUCTIONS' : heads[node].code;
}

/** Every cycle of the graph (one per back edge of a depth-first search), as 'cycle: A → B → A', starting at its first head. */
export function findCycles(heads: EngineHead[], deps: number[][]): FormulaProblem[] {
  const total = deps.length;
  const state = new Uint8Array(total); // 0 new, 1 on the path, 2 done
  const path: number[] = [];
  const seen = new Set<string>();
  const problems: FormulaProblem[] = [];
  const visit = (node: number) => {
    state[node] = 1;
    path.push(node);
    for (const next of deps[node]) {
      if (state[next] === 0) visit(next);
      else if (state[next] === 1) {
        const cycle = path.slice(path.lastIndexOf(next));
        let start = 0;
        for (let k = 1; k < cycle.length; k++) if (cycle[k] < cycle[start]) start = k;
        const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
        const key = rotated.join(',');
        if (seen.has(key)) continue;
        seen.add(key);
        const names = [...rotated, rotated[0]].map((x) => nodeName(heads, x));
        problems.push({ kind: 'cycle', head: names[0], message: `cycle: ${names.join(' → ')}` });
      }
    }
    path.pop();
    state[node] = 2;
  };
  for (let i = 0; i < total; i++) if (state[i] === 0) visit(i);
  return problems;
}
