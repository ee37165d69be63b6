import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/types';
import type { BackgroundTasks } from './lib/background';
import type { MediaSigner } from './lib/media-url';
import type { AccessTokens } from './plugins/auth';
import type { Mailer } from './adapters/mail';
import type { Storage } from './adapters/storage';

/** What services need from the running app; built once in app.ts. */
export interface AppContext {
  db: Kysely<Database>;
  config: Config;
  accessTokens: AccessTokens;
  mailer: Mailer;
  background: BackgroundTasks;
  log: FastifyBaseLogger;
  /** Uploaded media and recordings. */
  storage: Storage;
  /** Signs and checks the expiring addresses of stored media. */
  media: MediaSigner;
  /** The commits so far on the disk (`commitFlusher`): awaited before a write's answer goes. */
  flushCommits: () => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
