import fs from 'node:fs';
import path from 'node:path';
import { parseMail } from '../../server/helpers/mail';

/** The newest mail in DATA_DIR/outbox sent to `to` (waits until one appears). */
export async function newestMailTo(dataDir: string, to: string, timeoutMs = 10_000) {
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => path.join(dir, f))
          .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
      : [];
    for (const file of files) {
      const mail = parseMail(fs.readFileSync(file, 'utf8'));
      if ((mail.headers.to ?? '').toLowerCase().includes(to.toLowerCase())) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${dir}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The `/recover/<token>` path of the newest recovery mail to `to`. */
export async function recoveryLink(dataDir: string, to: string): Promise<string> {
  const { text } = await newestMailTo(dataDir, to);
  const match = /https?:\/\/[^\s/]+(\/recover\/[A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no /recover/<token> link in the mail to ${to}:\n${text}`);
  return match[1];
}
