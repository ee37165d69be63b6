import type { AppContext } from '../../context';
import type { Db } from '../../db/types';
import { addSeconds, nowIso } from '../../lib/time';
import * as repo from './repository';

/** How often due mail is looked for besides the kicks after an enqueue. */
export const MAIL_QUEUE_INTERVAL_MS = 60_000;
/** After this many failed attempts a mail stays in the table, no longer tried. */
export const MAIL_MAX_ATTEMPTS = 12;
/** First retry after a minute, doubling, at most six hours apart. */
const BACKOFF_BASE_SECONDS = 60;
const BACKOFF_MAX_SECONDS = 6 * 3600;
/** A sender holds a mail this long; one that died mid-send lets it become due again after. */
const LEASE_SECONDS = 10 * 60;
/** Mails claimed at once: few, so the last of them is sent well within the lease. */
const BATCH = 5;

export function backoffSeconds(attempts: number): number {
  return Math.min(BACKOFF_BASE_SECONDS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_SECONDS);
}

export interface QueuedMessage {
  to: string;
  subject: string;
  text: string;
}

/** Queues a mail (inside the caller's transaction, so it exists exactly when what it tells of does). */
export async function enqueueMail(db: Db, message: QueuedMessage, now: string = nowIso()): Promise<number> {
  return repo.insertMail(db, {
    recipient: message.to,
    subject: message.subject,
    body: message.text,
    next_attempt_at: now,
    created_at: now,
  });
}

interface SenderState {
  running: boolean;
  again: boolean;
}

const senders = new WeakMap<AppContext, SenderState>();

/** Error text kept for the admin: the first line, bounded. */
function describeError(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split('\n')[0].slice(0, 500) || 'unknown error';
}

async function sendDue(ctx: AppContext): Promise<void> {
  for (;;) {
    const now = nowIso();
    const claimed = await repo.claimDueMails(
      ctx.db,
      now,
      MAIL_MAX_ATTEMPTS,
      BATCH,
      addSeconds(now, LEASE_SECONDS),
    );
    // Nothing due, or everything due is held by another sender (another instance): leave it.
    if (claimed.length === 0) return;
    for (const mail of claimed) {
      try {
        await ctx.mailer.send({ to: mail.recipient, subject: mail.subject, text: mail.body });
        await repo.markSent(ctx.db, mail.id, nowIso());
      } catch (err) {
        const attempts = mail.attempts + 1;
        const error = describeError(err);
        ctx.log.warn({ mailId: mail.id, attempts, error }, 'queued mail not sent, will retry');
        await repo.markFailed(
          ctx.db,
          mail.id,
          attempts,
          error,
          addSeconds(nowIso(), backoffSeconds(attempts)),
        );
      }
    }
  }
}

/**
 * Sends what is due in the background; never waits for or fails its caller. One run at a time
 * per app: a kick during a run makes that run look again when it ends.
 */
export function kickMailQueue(ctx: AppContext): void {
  let state = senders.get(ctx);
  if (!state) {
    state = { running: false, again: false };
    senders.set(ctx, state);
  }
  if (state.running) {
    state.again = true;
    return;
  }
  const s = state;
  s.running = true;
  ctx.background.run('mail-queue', async () => {
    try {
      do {
        s.again = false;
        await sendDue(ctx);
      } while (s.again);
    } finally {
      s.running = false;
    }
  });
}
