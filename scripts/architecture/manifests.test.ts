// Rules of the module manifests (issue 24: "nothing registers itself by being imported"), read from the files:
// every job the server defines (`defineJob`) is listed in some area's manifest (`jobs: [...]` in
// modules/<area>/module.ts), which is the only way the jobs runner learns of it (lib/module.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './graph';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = 'apps/server/src';
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** `file#name` of every job defined in the server's production files; a `defineJob(` not bound to a name is reported. */
function definedJobs(): { jobs: string[]; unbound: string[] } {
  const jobs: string[] = [];
  const unbound: string[] = [];
  for (const file of sourceFiles(ROOT, SERVER)) {
    const text = read(file).replace(/export function defineJob</g, '');
    const calls = text.match(/\bdefineJob\(/g)?.length ?? 0;
    const bound = [...text.matchAll(/\bconst\s+(\w+)\s*(?::[^=]+)?=\s*defineJob\(/g)].map((m) => m[1] as string);
    if (calls > bound.length) unbound.push(`${file}: ${calls - bound.length} defineJob( not bound to a const`);
    for (const name of bound) jobs.push(`${file.replace(/\.ts$/, '')}#${name}`);
  }
  return { jobs, unbound };
}

/** `file#name` of every job listed in a manifest's `jobs: [...]`, resolved through the manifest's imports. */
function listedJobs(): string[] {
  const out: string[] = [];
  for (const file of sourceFiles(ROOT, `${SERVER}/modules`).filter((f) => /modules\/[\w-]+\/module\.ts$/.test(f))) {
    const text = read(file);
    const from = new Map<string, string>();
    for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(\.[^']+)'/g))
      for (const name of (m[1] as string).split(',').map((s) => s.replace(/^\s*type\s+/, '').trim()))
        if (name) from.set(name, path.normalize(path.join(path.dirname(file), m[2] as string)));
    for (const list of text.matchAll(/\bjobs:\s*\[([^\]]*)\]/g))
      for (const name of (list[1] as string)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean))
        out.push(`${from.get(name) ?? `${file} (not imported)`}#${name}`);
  }
  return out;
}

describe('module manifests', () => {
  it('list every job the server defines (the runner runs only the manifests’ jobs)', () => {
    const { jobs, unbound } = definedJobs();
    expect(unbound).toEqual([]);
    expect(jobs.length).toBeGreaterThan(5);
    const listed = new Set(listedJobs());
    expect(jobs.filter((j) => !listed.has(j))).toEqual([]);
    // A manifest lists only jobs that exist (by their defining file and name).
    expect([...listed].filter((j) => !jobs.includes(j))).toEqual([]);
  });
});
