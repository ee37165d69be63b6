import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { ERROR_TEXT } from '../src/shared/messages';
import type { Config } from './config';
import type { AppContext } from './context';
import { createDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/types';
import { BackgroundTasks } from './lib/background';
import { frameworkErrors, installErrorHandling } from './lib/error-handler';
import { createMediaSigner } from './lib/media-url';
import { redactUrl } from './lib/redact';
import { resolveJwtSecret } from './lib/settings';
import { authPlugin } from './plugins/auth';
import { createMailer } from './plugins/mail';
import { createLocalStorage } from './plugins/storage';
import { ensureAdmin } from './modules/admin/bootstrap';
import { adminRoutes } from './modules/admin/routes';
import { authRoutes } from './modules/auth/routes';
import { examRoutes } from './modules/exams/routes';
import { fileRoutes } from './modules/files/routes';
import { mediaRoutes } from './modules/media/routes';
import { requestRoutes } from './modules/requests/routes';
import { taskRoutes } from './modules/tasks/routes';
import { teacherProfileRoutes } from './modules/teacher-profile/routes';
import { teacherStudentRoutes } from './modules/teacher-students/routes';
import { variantRoutes } from './modules/variants/routes';
import { mailQueuePlugin } from './modules/mail-queue/plugin';
import { recordingContentRoutes, studentRecordingRoutes } from './modules/recordings/routes';
import { reviewRoutes } from './modules/review/routes';
import { studentExamRoutes } from './modules/student-exams/routes';
import { studentProfileRoutes } from './modules/student-profile/routes';

export interface BuildOptions {
  /** Fastify's logger settings; false silences it (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Told once when a fresh database got a generated admin password. */
  onAdminCreated?: (username: string, password: string) => void;
}

/** Builds the whole server: database (migrated), admin bootstrap, plugins and every route. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const db = createDatabase(config);
  try {
    await migrateToLatest(db);
    const secret = await resolveJwtSecret(db, config.jwtSecret);
    const admin = await ensureAdmin(db, { username: config.adminUsername, password: config.adminPassword });
    if (admin) options.onAdminCreated?.(admin.username, admin.generatedPassword);
    return await createServer(config, db, secret, options);
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
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  // JSON (and multipart where a route registers it) only: anything else answers 415.
  app.removeContentTypeParser(['text/plain']);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
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

  await app.register(authPlugin, { secret });
  const storage = createLocalStorage(path.join(config.dataDir, 'storage'));
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
  };
  app.decorate('ctx', ctx);

  app.addHook('onClose', async () => {
    await background.drain();
    mailer.close();
    await db.destroy();
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Устно API', description: 'API of the Устно oral-exam practice app', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(authRoutes);
  await app.register(adminRoutes);
  await app.register(mediaRoutes);
  await app.register(fileRoutes);
  await app.register(taskRoutes);
  await app.register(variantRoutes);
  await app.register(examRoutes);
  await app.register(teacherStudentRoutes);
  await app.register(teacherProfileRoutes);
  await app.register(requestRoutes);
  await app.register(studentExamRoutes);
  await app.register(studentRecordingRoutes);
  await app.register(studentProfileRoutes);
  await app.register(recordingContentRoutes);
  await app.register(reviewRoutes);
  await app.register(mailQueuePlugin);

  registerStaticApp(app, config.staticDir);
  return app;
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
