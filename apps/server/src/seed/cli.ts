// `npm run seed`: migrate, then add the demo organisation (idempotent).
import { loadConfig } from '../config';
import { createDatabase, migrateAndPrepare } from '../db/client';
import { seedDemo } from './index';

const config = loadConfig();
const database = await createDatabase(config);
try {
  await migrateAndPrepare(database, () => seedDemo(database.db, { timeZone: config.orgTimeZone }));
  console.log(`Seeded the demo organisation (${database.kind === 'pg' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}).`);
} finally {
  await database.close();
}
