// The server's start, once main.ts has set V8's flags: configuration, the app, the port.
import v8 from 'node:v8';
import { buildApp } from './app';
import { loadConfig } from './config';
import { describeDatabase } from './db/connect';

// Whatever the process writes (the database, media, mails, the generated secret, files of libraries)
// is its user's alone; the modes given explicitly where the app creates files say the same.
process.umask(0o077);
const started = performance.now();
const config = loadConfig();
const app = await buildApp(config, {
  onAdminCreated: (username, password) => {
    // Printed once to the console, never to the log: it is a secret.
    process.stdout.write(
      `\n  Создана учетная запись администратора: ${username} / ${password}\n  Сохраните пароль: он больше не будет показан.\n\n`,
    );
  },
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
// Started: the young generation grows under load again as V8's default has it (main.ts).
v8.setFlagsFromString('--semi-space-growth-factor=2');
app.log.info(
  {
    database: describeDatabase(config),
    dataDir: config.dataDir,
    storage: config.s3 ? `s3://${config.s3.bucket}` : 'DATA_DIR/storage',
    startupMs: Math.round(performance.now() - started),
  },
  `Устно is ready at ${config.publicUrl}`,
);
