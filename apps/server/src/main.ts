// The server process: configuration, database (migrated, seeded on first start), API and web app.

import { todayIn } from '@hr/calendar';
import pino from 'pino';
import { buildApp } from './app';
import { appContextOf, enterAppContext } from './app-context';
import { isClusterWorker, runClusterPrimary } from './cluster';
import { loadConfig } from './config';
import { createDatabase } from './db/client';
import { ensureFinancialYears } from './modules/financial-years/service';
import { prepareDatabase } from './seed';
import { webApp } from './web';

const config = loadConfig();
// This process's work before and beside the app's requests (preparing the database, the cluster's primary) runs in
// the configuration's context (lib/app-context.ts): its zone's today, its password minimum.
enterAppContext(appContextOf(config));
// API_PROCESSES > 1 (PostgreSQL): this process prepares the database and forks the API processes; it serves
// nothing itself and stays until they have stopped.
if (await runClusterPrimary(config)) await new Promise(() => {});
// A stop asked for while starting (migrations, the first seed) is kept and honoured between the steps, so the
// database is closed properly then too.
let stopAsked: string | undefined;
const whileStarting = (signal: string) => {
  stopAsked = signal;
};
process.on('SIGINT', whileStarting);
process.on('SIGTERM', whileStarting);
// The steps before the API's own logger exists, at info: a start that hangs says where.
const startLog = pino({ level: config.logLevel });
const step = (msg: string) => startLog.info({ ms: Math.round(performance.now()) }, msg);
step(config.databaseUrl ? 'opening the PostgreSQL database' : `opening the embedded database in ${config.dataDir}`);
const database = await createDatabase(config);
step('database open');
async function stopIfAsked() {
  if (!stopAsked) return;
  await database.close();
  process.exit(0);
}
await stopIfAsked();
// (An API process of several: the primary has done this.)
if (!isClusterWorker()) {
  await prepareDatabase(database, { timeZone: config.orgTimeZone });
  step('migrations applied, demo organisation seeded if the database was new');
  await stopIfAsked();
  // A new April starts a new financial year without anyone creating it.
  await ensureFinancialYears(database.db, todayIn(config.orgTimeZone));
  await stopIfAsked();
}

// A streaming replica (DATABASE_READ_URL): reports, exports and dashboards read from it; nothing is written there.
const replica = config.databaseReadUrl ? await createDatabase(config, { connectionString: config.databaseReadUrl }) : undefined;
const web = webApp(config.webDist);
const app = await buildApp({ db: database.db, readDb: replica?.db, dbKind: database.kind, config, web });
if (!web) {
  app.log.warn(`No web app build in ${config.webDist}; serving the API only (run \`npm run build\`).`);
}

// Background jobs (imports, runs) and scheduled work (session pruning…): claimed from the database, so
// several API processes share them and a job interrupted by a restart is taken up again.
app.jobs.start();

// Stopping (SIGTERM from a service manager, Ctrl-C) within SHUTDOWN_GRACE_MS, leaving PGlite's files closed (no
// postmaster.pid behind, so `npm run backup` and the next start find a clean folder). Run the server as one process
// (`node --import tsx`, as `npm run serve` does): the tsx CLI wrapper kills its child when it answers a signal late.
const SHUTDOWN_GRACE_MS = 10_000;
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const started = Date.now();
  const force = setTimeout(() => {
    app.log.error('shutdown overran its grace; forced out');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  // Requests still running after this long are cut off, so the database closes before the grace ends.
  const cutOff = setTimeout(() => app.server.closeAllConnections(), 6_000);
  cutOff.unref();
  try {
    // 1. No new jobs; the running one stops at its next progress point (back to the queue) or finishes.
    const jobStopped = await app.jobs.stop(5_000);
    // 2. No new connections; idle keep-alive ones close at once, requests in flight finish (then onClose hooks).
    await app.close();
    clearTimeout(cutOff);
    // 3. The database: PGlite writes its files and removes its lock (it waits for a job still in a transaction).
    await database.close();
    await replica?.close();
    app.log.info({ ms: Date.now() - started, jobStopped }, 'stopped');
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error while shutting down');
    process.exit(1);
  }
}
process.off('SIGINT', whileStarting);
process.off('SIGTERM', whileStarting);
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
if (stopAsked) await shutdown(stopAsked);

await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
app.log.info(
  `HR back office ready on http://${shownHost}:${config.port} (database: ${database.kind === 'pg' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}${replica ? ', reports from the replica' : ''}${config.redisUrl ? ', shared state in Redis' : ''})`,
);
