import v8 from 'node:v8';
import { buildApp } from './app';
import { loadConfig } from './config';
import { describeDatabase } from './db/connect';

// Whatever the process writes (the database, media, mails, the generated secret, files of libraries)
// is its user's alone; the modes given explicitly where the app creates files say the same.
process.umask(0o077);
// V8 lets the old generation grow to up to 4× what survived its last full collection before it
// collects again: in a class's upload burst that is over 100 MB of dead request objects, and a
// peak RSS past 300 MB (bench/README.md, burst). Collecting at 1.5× keeps it under.
v8.setFlagsFromString('--heap-growing-percent=50');
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
app.log.info(
  {
    database: describeDatabase(config),
    dataDir: config.dataDir,
    storage: config.s3 ? `s3://${config.s3.bucket}` : 'DATA_DIR/storage',
    startupMs: Math.round(performance.now() - started),
  },
  `Устно is ready at ${config.publicUrl}`,
);
