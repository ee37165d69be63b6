import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP peer on 127.0.0.1 and a free port: no auth, no TLS, every message accepted. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ParsedMail {
  headers: Record<string, string>;
  subject: string;
  text: string;
}

function decodeEncodedWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g,
    (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = Buffer.from(text.replace(/=\r?\n/g, ''), 'utf8');
  for (let i = 0; i < source.length; i++) {
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

/** Headers and the decoded text of a single-part text message as nodemailer writes it. */
export function parseMail(raw: string): ParsedMail {
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
  return { headers, subject: decodeEncodedWords(headers.subject ?? ''), text };
}

/** The recovery token of the link `<publicUrl>/recover/<token>` in a mail text, or null. */
export function recoveryToken(text: string, publicUrl: string): string | null {
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/recover/([A-Za-z0-9_-]+)`).exec(text);
  return match ? match[1] : null;
}

export interface OutboxMail extends ParsedMail {
  file: string;
}

/** The mails the outbox mailer wrote to `<dataDir>/outbox`, oldest first (none when it is absent). */
export async function outboxMails(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const mails: OutboxMail[] = [];
  for (const name of names.filter((n) => n.endsWith('.eml')).sort()) {
    const file = path.join(dir, name);
    mails.push({ file, ...parseMail(await fs.readFile(file, 'utf8')) });
  }
  return mails;
}

/** The recovery tokens mailed to `email` through the outbox, oldest first. */
export async function outboxRecoveryTokens(
  dataDir: string,
  email: string,
  publicUrl: string,
): Promise<string[]> {
  const mails = await outboxMails(dataDir);
  return mails
    .filter((m) => (m.headers.to ?? '').toLowerCase().includes(email.toLowerCase()))
    .map((m) => recoveryToken(m.text, publicUrl))
    .filter((token): token is string => token !== null);
}
