// The server process: configuration, database (migrated, seeded on first start), API and web app.

import { todayIn } from '@hr/calendar';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db/client';
import { ensureFinancialYears } from './modules/financial-years/service';
import { prepareDatabase } from './seed';
import { webApp } from './web';

const config = loadConfig();
const database = await createDatabase(config);
await prepareDatabase(database, { timeZone: config.orgTimeZone });
// A new April starts a new financial year without anyone creating it.
await ensureFinancialYears(database.db, todayIn(config.orgTimeZone));

const web = webApp(config.webDist);
const app = await buildApp({ db: database.db, dbKind: database.kind, config, web });
if (!web) {
  app.log.warn(`No web app build in ${config.webDist}; serving the API only (run \`npm run build\`).`);
}

// Background jobs (imports, runs) and scheduled work (session pruning…): claimed from the database, so
// several API processes share them and a job interrupted by a restart is taken up again.
app.jobs.start();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error while shutting down');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
app.log.info(
  `HR back office ready on http://${shownHost}:${config.port} (database: ${database.kind === 'pg' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`,
);
