import { loadConfig } from './config';
import { createDatabase, describeDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';

const config = loadConfig();
const db = createDatabase(config);
try {
  const applied = await migrateToLatest(db);
  console.log(
    `${describeDatabase(config)}: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`,
  );
} finally {
  await db.destroy();
}
