import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as m0001 from './migrations/0001-initial';
import * as m0002 from './migrations/0002-sessions';
import * as m0003 from './migrations/0003-upload-parts';
import * as m0004 from './migrations/0004-grading';
import * as m0005 from './migrations/0005-list-indexes';
import * as m0006 from './migrations/0006-upload-owners-edit-order';
import * as m0007 from './migrations/0007-sessions-round-two';
import * as m0008 from './migrations/0008-exam-assignment-history';
import * as m0009 from './migrations/0009-questions-attempts-windows';
import * as m0010 from './migrations/0010-exam-day';
import * as m0011 from './migrations/0011-voice-comments-model-answers';
import * as m0012 from './migrations/0012-staged-upload-parts';
import type { Database } from './types';

// Listed here rather than read from disk, so the same list runs under tsx, a bundle or tests.
const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-sessions': m0002,
  '0003-upload-parts': m0003,
  '0004-grading': m0004,
  '0005-list-indexes': m0005,
  '0006-upload-owners-edit-order': m0006,
  '0007-sessions-round-two': m0007,
  '0008-exam-assignment-history': m0008,
  '0009-questions-attempts-windows': m0009,
  '0010-exam-day': m0010,
  '0011-voice-comments-model-answers': m0011,
  '0012-staged-upload-parts': m0012,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
