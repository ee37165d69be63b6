import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../lib/private-files';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Resolves once the message was handed over (SMTP accepted it, or the .eml was written). */
  send(message: MailMessage): Promise<void>;
  close(): void;
  readonly kind: 'smtp' | 'outbox';
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  /** Told where an outbox mail was written (the path only: the mail may hold a secret link). */
  onOutboxWrite?: (file: string) => void;
}

/**
 * nodemailer's transport, made at the first mail: the package takes megabytes of memory that a
 * server sending no mail would carry from its start.
 */
function lazyTransport<T extends Transporter>(make: (mailer: typeof nodemailer) => T) {
  let transport: Promise<T> | undefined;
  return {
    get: () => (transport ??= import('nodemailer').then((module) => make(module.default))),
    close: () =>
      void transport?.then(
        (t) => t.close(),
        () => undefined,
      ),
  };
}

export function createMailer(opts: MailerOptions): Mailer {
  const smtpUrl = opts.smtpUrl;
  if (smtpUrl) {
    const transport = lazyTransport((mailer) => mailer.createTransport(smtpUrl));
    return {
      kind: 'smtp',
      async send(m) {
        const smtp = await transport.get();
        await smtp.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text });
      },
      close: transport.close,
    };
  }
  const transport = lazyTransport((mailer) =>
    mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    kind: 'outbox',
    async send(m) {
      const stream = await transport.get();
      const info = await stream.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text });
      await fs.mkdir(opts.outboxDir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(opts.outboxDir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      opts.onOutboxWrite?.(file);
    },
    close: transport.close,
  };
}
