import fs from 'node:fs';
import path from 'node:path';

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = Buffer.from(text.replace(/=\r?\n/g, ''), 'utf8');
  for (let i = 0; i < source.length; i += 1) {
    const hex = source.subarray(i + 1, i + 3).toString('latin1');
    if (source[i] === 0x3d && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(source[i]);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The headers and decoded text of a single-part .eml as nodemailer writes it. */
export function parseEml(raw: string): { headers: Record<string, string>; text: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const head = normalized.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = normalized.slice(split + 2);
  const headers: Record<string, string> = {};
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { headers, text };
}

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
      const mail = parseEml(fs.readFileSync(file, 'utf8'));
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
