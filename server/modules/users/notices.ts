import type { Config } from '../../config';
import type { User } from '../../db/types';
import type { QueuedMessage } from '../mail-queue';

/** Who changed an account, as the notice names them. */
export type AccountActor = 'self' | 'admin' | 'recovery';

const BY: Record<AccountActor, string> = {
  self: 'вами, в профиле',
  admin: 'администратором',
  recovery: 'по ссылке для восстановления пароля',
};

/** `23.11.2026, 17:49 (Europe/Moscow)`: when, in the app's time zone. */
function formatWhen(iso: string, timezone: string): string {
  const text = new Intl.DateTimeFormat('ru-RU', {
    timeZone: timezone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
  return `${text} (${timezone})`;
}

/** The new address shown to the old one: enough to recognise it, not enough to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1) || 1)}***${email.slice(at)}`;
}

function footer(config: Pick<Config, 'publicUrl'>): string[] {
  return [
    '',
    'Если это были не вы, сразу восстановите пароль по ссылке ниже и сообщите администратору:',
    `${config.publicUrl}/recover`,
  ];
}

/**
 * Mails that make an account change visible to its owner, so a takeover does not go unseen: a
 * new e-mail address is told to the old one, a new password to the account's address.
 */
export function accountChangeNotices(
  before: Pick<User, 'email' | 'email_key' | 'name' | 'username'>,
  after: Pick<User, 'email' | 'email_key'>,
  change: { passwordChanged: boolean; actor: AccountActor; at: string },
  config: Pick<Config, 'publicUrl' | 'timezone'>,
): QueuedMessage[] {
  const when = formatWhen(change.at, config.timezone);
  const by = BY[change.actor];
  const mails: QueuedMessage[] = [];
  if (before.email_key !== after.email_key) {
    mails.push({
      to: before.email,
      subject: 'Устно: адрес почты изменен',
      text: [
        `Здравствуйте, ${before.name}!`,
        '',
        `Адрес почты вашей учетной записи в Устно (логин: ${before.username}) изменен ${when} ${by}.`,
        `Новый адрес: ${maskEmail(after.email)}. На этот адрес письма больше приходить не будут.`,
        ...footer(config),
      ].join('\n'),
    });
  }
  if (change.passwordChanged) {
    mails.push({
      to: after.email,
      subject: 'Устно: пароль изменен',
      text: [
        `Здравствуйте, ${before.name}!`,
        '',
        `Пароль вашей учетной записи в Устно (логин: ${before.username}) изменен ${when} ${by}.`,
        'Все прежние сеансы входа завершены.',
        ...footer(config),
      ].join('\n'),
    });
  }
  return mails;
}
