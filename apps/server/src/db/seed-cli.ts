// `npm run seed`: migrate, then add the demo organisation (idempotent).
import { loadConfig } from '../config';
import { createDatabase, migrate } from './client';
import { seedDemo } from './seed';

const config = loadConfig();
const database = await createDatabase(config);
try {
  await migrate(database);
  await seedDemo(database.db, { timeZone: config.orgTimeZone });
  console.log(`Seeded the demo organisation (${database.kind === 'pg' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}).`);
} finally {
  await database.close();
}
