// Several API processes behind one port (API_PROCESSES, PostgreSQL only): Node's cluster module. The primary
// prepares the database once (migrations, the first seed, the financial years), then forks the workers, which
// share the port (the primary hands each new connection to the next worker) and each run the whole server:
// routes, and the jobs runner (jobs are claimed from the database, so the workers share them). A worker that
// dies is replaced; SIGTERM / SIGINT are passed on and the primary leaves when every worker has stopped.
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { todayIn } from '@hr/calendar';
import pino from 'pino';
import type { AppConfig } from './config';
import { createDatabase } from './db/client';
import { ensureFinancialYears } from './modules/financial-years/service';
import { prepareDatabase } from './seed';

/** How many API processes to run: API_PROCESSES (0 = one per core); always 1 on the embedded database. */
export function apiProcessCount(config: Pick<AppConfig, 'apiProcesses' | 'databaseUrl'>): number {
  if (!config.databaseUrl) return 1;
  return config.apiProcesses === 0 ? availableParallelism() : config.apiProcesses;
}

/** In a worker: the primary has prepared the database already. */
export const isClusterWorker = () => cluster.isWorker;

/**
 * Runs the primary when the configuration asks for more than one process: returns true (the caller serves
 * nothing itself and waits), or false when this process is to be the server.
 */
export async function runClusterPrimary(config: AppConfig): Promise<boolean> {
  if (!cluster.isPrimary) return false;
  // The same logger as the API processes' (Fastify's pino), at the configured level.
  const logger = pino({ level: config.logLevel });
  const log = (msg: string) => logger.info(msg);
  const count = apiProcessCount(config);
  if (count <= 1) {
    if (!config.databaseUrl && config.apiProcesses !== 1) {
      logger.warn('API_PROCESSES is ignored on the embedded database (it belongs to one process); set DATABASE_URL for several');
    }
    return false;
  }
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} API processes`);
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    // The workers stop within their own grace (10 s); past that they are forced.
    setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      process.exit(1);
    }, 15_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  const database = await createDatabase(config);
  try {
    await prepareDatabase(database, { timeZone: config.orgTimeZone });
    await ensureFinancialYears(database.db, todayIn(config.orgTimeZone));
  } finally {
    await database.close();
  }
  if (stopping) process.exit(0);

  // A worker that dies is replaced, unless workers keep dying at once (a broken start: then stop).
  const started = new Map<number, number>();
  let quickDeaths = 0;
  const fork = () => {
    const w: Worker = cluster.fork();
    started.set(w.id, Date.now());
  };
  cluster.on('exit', (w, code, signal) => {
    const lived = Date.now() - (started.get(w.id) ?? 0);
    started.delete(w.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log('stopped');
        process.exit(process.exitCode ?? 0);
      }
      return;
    }
    quickDeaths = lived < 10_000 ? quickDeaths + 1 : 0;
    logger.error(`API process ${w.process.pid} exited (${signal ?? code}) after ${Math.round(lived / 1000)} s`);
    if (quickDeaths >= count * 3) {
      logger.error('API processes keep failing at start; giving up');
      stop('SIGTERM');
      process.exitCode = 1;
      return;
    }
    fork();
  });
  for (let i = 0; i < count; i++) fork();
  log(`${count} API processes on port ${config.port}`);
  return true;
}
