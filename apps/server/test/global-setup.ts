// Global setup of the api project: the server bundled once per test run (scripts/build-server.mjs), for the tests that
// start real server processes (crash/server-process.ts). They start `node <bundle>/main.js` as `npm run serve` does,
// not the TypeScript loader, which transpiled the whole server at every start (on a loaded machine, most of a
// start). The build runs in the background: a run that starts no server never waits for it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer, root } from '../../../scripts/build-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's server bundle: main.js once the file `ready` is there, or the file `failed` (its error). */
    serverBundle: string;
  }
}

const parent = path.join(root, 'apps/server/dist');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export default function setup(project: TestProject) {
  mkdirSync(parent, { recursive: true });
  // Folders of earlier runs whose vitest is gone (killed before its teardown).
  for (const name of readdirSync(parent, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)) {
    const pid = Number(/^test-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !alive(pid)) rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  // Per run: several test runs at once (and `npm run build`'s apps/server/dist/main.js) never share a bundle.
  const dir = path.join(parent, `test-${process.pid}-${randomBytes(3).toString('hex')}`);
  mkdirSync(dir);
  const built = buildServer(dir).then(
    () => writeFileSync(path.join(dir, 'ready'), ''),
    (err: unknown) => writeFileSync(path.join(dir, 'failed'), err instanceof Error ? (err.stack ?? err.message) : String(err)),
  );
  project.provide('serverBundle', dir);
  return async () => {
    await built;
    rmSync(dir, { recursive: true, force: true });
  };
}
