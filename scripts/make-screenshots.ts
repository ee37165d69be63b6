// Screenshots of the real app for the web app manifest (the richer install dialog shows them):
// a phone-sized student screen and a wide teacher screen, on the demo data in a throw-away
// database. Run after `npm run build` when the screens change:
//   node --import tsx scripts/make-screenshots.ts
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { findProgram } from './ensure-system-deps.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'public/screenshots');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ustno-shots-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '', LOG_LEVEL: 'warn' };
const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], {
  cwd: ROOT,
  env,
  encoding: 'utf8',
});
if (seeded.status !== 0) throw new Error(`seed-demo failed:\n${seeded.stderr}`);
const password = (role: string) => {
  const match = new RegExp(`^\\s*${role}\\s+(\\S+)\\s+(\\S+)`, 'm').exec(seeded.stdout);
  if (!match) throw new Error(`no ${role} in the seed's output:\n${seeded.stdout}`);
  return { username: match[1], password: match[2] };
};

const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: ROOT,
  env: {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    STATIC_DIR: path.join(ROOT, 'dist'),
  },
  stdio: 'inherit',
});
for (let i = 0; ; i += 1) {
  if (
    await fetch(baseURL).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 150) throw new Error('the server did not start');
  await new Promise((r) => setTimeout(r, 200));
}

async function login(page: Page, user: { username: string; password: string }, area: RegExp) {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(user.username);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL(area);
}

const browser = await chromium.launch({
  executablePath: findProgram('chromium') ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--headless',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
  ],
});
try {
  fs.mkdirSync(OUT, { recursive: true });
  const phone = await browser.newPage({
    baseURL,
    locale: 'ru-RU',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await login(phone, password('student'), /\/student\/exams$/);
  await phone.getByRole('link', { name: 'Пробный устный экзамен' }).click();
  await phone.getByRole('link', { name: 'Пройти экзамен' }).click();
  await phone.getByRole('button', { name: 'Проверить микрофон' }).click();
  await phone.getByRole('progressbar', { name: 'Уровень микрофона' }).waitFor();
  await phone.waitForTimeout(500);
  await phone.screenshot({ path: path.join(OUT, 'student-exam-narrow.png') });

  const wide = await browser.newPage({ baseURL, locale: 'ru-RU', viewport: { width: 1280, height: 800 } });
  await login(wide, password('teacher'), /\/teacher\/exams$/);
  await wide.goto('/teacher/tasks');
  await wide.getByRole('link', { name: 'Ответ на аудиосообщение' }).click();
  await wide.getByRole('heading', { level: 1, name: 'Ответ на аудиосообщение' }).waitFor();
  // The task's audio in the waveform player, paused at once.
  await wide.getByRole('button', { name: /Образец речи/ }).click();
  await wide.locator('[data-testid="waveform-player"][data-drawn="true"]').waitFor();
  await wide.getByRole('button', { name: 'Пауза' }).click();
  await wide.waitForTimeout(300);
  await wide.screenshot({ path: path.join(OUT, 'teacher-task-wide.png') });
  console.log(`screenshots written to ${path.relative(ROOT, OUT)}/`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
