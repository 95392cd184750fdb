// `npm run seed`: migrate, then add the demo organisation (idempotent).

import { appContextOf, enterAppContext } from '../app-context';
import { loadConfig } from '../config';
import { createDatabase, migrateAndPrepare } from '../db/client';
import { seedDemo } from './index';

const config = loadConfig();
// The seed's "today" and dates in the configuration's zone (lib/app-context.ts).
enterAppContext(appContextOf(config));
const database = await createDatabase(config);
try {
  await migrateAndPrepare(database, () => seedDemo(database.db, { timeZone: config.orgTimeZone }));
  console.log(`Seeded the demo organisation (${database.kind === 'pg' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}).`);
} finally {
  await database.close();
}
