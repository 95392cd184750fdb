#!/usr/bin/env node
// `npm run dev`: the API server (tsx watch, restarts on change) and the Vite dev server (hot reload, proxies
// /api to the server) side by side. Ctrl+C, a SIGTERM, or either one exiting stops both.
import path from 'node:path';
import concurrently from 'concurrently';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.PORT ?? '3000';
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const { result, commands } = concurrently(
  [
    {
      name: 'api',
      command: `${bin('tsx')} watch --clear-screen=false apps/server/src/main.ts`,
      cwd: root,
      prefixColor: 'cyan',
      env: { PORT: port, NODE_ENV: 'development' },
    },
    {
      name: 'web',
      command: `${path.join(root, 'apps/web/node_modules/.bin/vite')}`,
      cwd: path.join(root, 'apps/web'),
      prefixColor: 'magenta',
      env: { VITE_API_TARGET: `http://localhost:${port}` },
    },
  ],
  { killOthersOn: ['failure', 'success'], prefix: 'name', restartTries: 0, handleInput: false },
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    for (const c of commands) c.kill(signal);
  });
}

result.then(
  () => process.exit(0),
  () => process.exit(stopping ? 0 : 1),
);
