import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { ERROR_TEXT } from '../src/shared/messages';
import type { Config, TrustProxy } from './config';
import type { AppContext } from './context';
import { commitFlusher, createDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/types';
import { BackgroundTasks } from './lib/background';
import { frameworkErrors, installErrorHandling } from './lib/error-handler';
import { createMediaSigner } from './lib/media-url';
import { ensurePrivateDir } from './lib/private-files';
import { redactUrl } from './lib/redact';
import { resolveJwtSecret } from './lib/settings';
import { apiDocsPlugin } from './plugins/api-docs';
import { authPlugin } from './plugins/auth';
import { durableAnswersPlugin } from './plugins/durable-answers';
import { createMailer } from './adapters/mail';
import { createS3Storage } from './adapters/s3-storage';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityHeadersPlugin, storageMediaOrigins } from './plugins/security-headers';
import { createLocalStorage } from './adapters/storage';
// Each module through its entry (server/modules/<m>/index.ts): routes and background plugins.
import { adminRoutes, ensureAdmin } from './modules/admin';
import { authRoutes, purgePlugin, sessionAccount } from './modules/auth';
import { examDayPlugin, studentExamDayRoutes, teacherExamDayRoutes } from './modules/exam-day';
import { examRoutes } from './modules/exams';
import { fileRoutes } from './modules/files';
import { studentGradingRoutes, teacherGradingRoutes } from './modules/grading';
import { mailQueuePlugin } from './modules/mail-queue';
import { mediaRoutes } from './modules/media';
import { recordingContentRoutes, studentRecordingRoutes, uploadPartsPurgePlugin } from './modules/recordings';
import { requestRoutes } from './modules/requests';
import { reviewRoutes, voiceContentRoutes } from './modules/review';
import { studentExamRoutes } from './modules/student-exams';
import { studentProfileRoutes } from './modules/student-profile';
import { taskRoutes } from './modules/tasks';
import { teacherProfileRoutes } from './modules/teacher-profile';
import { teacherStudentRoutes } from './modules/teacher-students';
import { templateRoutes } from './modules/templates';
import { variantRoutes } from './modules/variants';

export interface BuildOptions {
  /** Fastify's logger settings; false silences it (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Where the standard JSON log goes instead of stdout (tests read what it would hold). */
  logStream?: { write(line: string): void };
  /** Told once when a fresh database got a generated admin password. */
  onAdminCreated?: (username: string, password: string) => void;
  /** Told of every route as it is added (the tests build the authorisation matrix from it). */
  onRoute?: (route: RouteOptions) => void;
}

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/**
 * Every schema is zod's, compiled by the zod compilers set on the app: Fastify's defaults (Ajv and
 * fast-json-stringify, megabytes of code) would never run, and with factories of its own Fastify
 * does not load them. Fastify types the factories after Ajv's, hence the cast.
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/** Builds the whole server: database (migrated), admin bootstrap, plugins and every route. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // The database, media, parts, mails and the generated secret: the app's user's alone.
  const dataDirWarning = ensurePrivateDir(config.dataDir);
  const db = createDatabase(config);
  try {
    await migrateToLatest(db);
    const secret = await resolveJwtSecret(db, config);
    const admin = await ensureAdmin(db, { username: config.adminUsername, password: config.adminPassword });
    if (admin) options.onAdminCreated?.(admin.username, admin.generatedPassword);
    const app = await createServer(config, db, secret, options);
    if (dataDirWarning) app.log.warn(dataDirWarning);
    return app;
  } catch (err) {
    await db.destroy();
    throw err;
  }
}

async function createServer(
  config: Config,
  db: Kysely<Database>,
  secret: string,
  options: BuildOptions,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.refresh_token',
        '*.access_token',
      ],
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A slow or stalled body cannot hold a connection: the whole request within the first, and
    // no silence longer than the second (Fastify's default waits forever).
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    // Node honours these only when the server is created with them; it checks them on a beat
    // (30 s by default), kept to a fraction of the timeout.
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, config.requestTimeoutMs / 4)),
    },
    frameworkErrors,
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();

  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  for (const warning of config.startupWarnings) app.log.warn(warning);
  if (typeof config.trustProxy !== 'number') warnOnceOfIgnoredForwarding(app);

  // JSON (and multipart where a route registers it) only: anything else answers 415.
  app.removeContentTypeParser(['text/plain']);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // Media come from this origin, unless their addresses redirect to the bucket's own.
  await app.register(securityHeadersPlugin, { mediaOrigins: storageMediaOrigins(config.s3) });
  // JSON and the app shell travel compressed over school Wi-Fi; audio and zips are not compressible
  // types and pass as they are (Range requests included).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    onOutboxWrite: (file) => app.log.info({ file }, 'mail written to the outbox'),
  });
  const background = new BackgroundTasks(app.log);

  // Only the refresh token travels as a cookie; nothing else reads cookies.
  await app.register(fastifyCookie);
  await app.register(authPlugin, {
    secret,
    account: (userId, family) => sessionAccount(db, userId, family),
  });
  await app.register(rateLimitPlugin, { redisUrl: config.redisUrl });
  const storage = config.s3
    ? await createS3Storage(config.s3)
    : createLocalStorage(path.join(config.dataDir, 'storage'));
  const media = createMediaSigner(secret, config.mediaUrlTtlSeconds);
  const ctx: AppContext = {
    db,
    config,
    accessTokens: app.accessTokens,
    mailer,
    background,
    log: app.log,
    storage,
    media,
    flushCommits: commitFlusher(config),
  };
  app.decorate('ctx', ctx);
  await app.register(durableAnswersPlugin);

  app.addHook('onClose', async () => {
    await background.drain();
    mailer.close();
    storage.close?.();
    await db.destroy();
  });

  // The OpenAPI document of every route registered after it, and its UI at /api/docs.
  await app.register(apiDocsPlugin);

  // The exam day's change channel and event streams, before the routes that tell of changes.
  await app.register(examDayPlugin);
  await app.register(authRoutes);
  await app.register(adminRoutes);
  await app.register(mediaRoutes);
  await app.register(fileRoutes);
  await app.register(taskRoutes);
  await app.register(variantRoutes);
  await app.register(templateRoutes);
  await app.register(examRoutes);
  await app.register(teacherStudentRoutes);
  await app.register(teacherProfileRoutes);
  await app.register(requestRoutes);
  await app.register(studentExamRoutes);
  await app.register(studentRecordingRoutes);
  await app.register(studentProfileRoutes);
  await app.register(recordingContentRoutes);
  await app.register(reviewRoutes);
  await app.register(voiceContentRoutes);
  await app.register(teacherGradingRoutes);
  await app.register(studentGradingRoutes);
  await app.register(teacherExamDayRoutes);
  await app.register(studentExamDayRoutes);
  await app.register(mailQueuePlugin);
  await app.register(purgePlugin);
  await app.register(uploadPartsPurgePlugin);

  registerStaticApp(app, config.staticDir);
  return app;
}

/**
 * Tells once per process that a request carried X-Forwarded-For from a peer TRUST_PROXY does not
 * name: a client forging it (ignored, as it should be), or a proxy the setting forgot, whose
 * clients would all share its address for every limit.
 */
function warnOnceOfIgnoredForwarding(app: FastifyInstance): void {
  let told = false;
  app.addHook('onRequest', async (request) => {
    if (told || request.headers['x-forwarded-for'] === undefined) return;
    // A believed header gives the client's address, not the peer's.
    if (request.ip !== request.socket.remoteAddress) return;
    told = true;
    request.log.warn(
      { peer: request.socket.remoteAddress },
      'X-Forwarded-For from an address TRUST_PROXY does not name: ignored (if this peer is your proxy, add its address to TRUST_PROXY)',
    );
  });
}

/** A hop count as proxy-addr reads it: the address `hop` steps from us is a trusted proxy. */
function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The built PWA, with every non-API navigation answered by its shell. */
function registerStaticApp(app: FastifyInstance, staticDir: string): void {
  const hasApp = fs.existsSync(path.join(staticDir, 'index.html'));
  if (hasApp) {
    void app.register(fastifyStatic, {
      root: staticDir,
      // Files are looked up per request, so a rebuilt app is served without a restart.
      wildcard: true,
      setHeaders(res, filePath) {
        const name = path.basename(filePath);
        // Hashed assets never change; the shell, the worker and the manifest must be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (name === 'sw.js' || name === 'index.html' || name.endsWith('.webmanifest')) {
          res.setHeader('Cache-Control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // A missing asset (a file name with an extension) is a 404, never the shell as HTML.
    const isFile = /\.[a-z0-9]{1,12}$/i.test(request.url.split('?')[0]);
    if (hasApp && !isApi && !isFile && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: ERROR_TEXT.notFound });
  });
}
