import { formatDateTime } from '@/shared/format';

// Whether the student may start an exam now, by its window and attempts, and how the screens say
// it. Pure: the device's clock and its own count of attempts come in from outside. Here, not in a
// feature, because the student's exam list and page (student-exams) and the session screen
// (exam-session) all read it.

export const NOT_OPEN_TEXT = 'Экзамен еще не открыт';
export const CLOSED_TEXT = 'Экзамен уже закрыт';
export const NO_ATTEMPTS_TEXT = 'Попытки закончились';

/** An exam's rules as the student's answers carry them (answers older versions cached may lack them). */
export interface ExamRulesSeen {
  /** Null: unlimited. */
  attempts?: number | null;
  opensAt?: string | null;
  closesAt?: string | null;
  /** The server's count of this student's recordings of the exam. */
  attemptsUsed?: number;
}

export interface ExamTakingState {
  rules: ExamRulesSeen;
  /**
   * This student's recordings of the exam the server's count does not hold yet: still on the
   * device (not confirmed), or confirmed after the count was read.
   */
  onDevice: number;
}

export interface ExamAvailability {
  canStart: boolean;
  /** Why it cannot start now (shown beside the disabled button); null when it can. */
  reason: string | null;
  /** Null: unlimited. */
  attemptsLeft: number | null;
}

/** An instant as ms, null for none (or one that is not a date: no bound). */
function instant(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/** How many attempts are left, counting the device's own; null when unlimited. */
export function attemptsLeftOf(state: ExamTakingState): number | null {
  const { attempts, attemptsUsed = 0 } = state.rules;
  if (attempts === null || attempts === undefined) return null;
  return Math.max(0, attempts - attemptsUsed - state.onDevice);
}

/**
 * Whether the exam may start at `now` (the device's clock, ms): not before it opens, not after it
 * closes (the window first), not with no attempts left.
 */
export function examAvailability(state: ExamTakingState, now: number): ExamAvailability {
  const attemptsLeft = attemptsLeftOf(state);
  const opensAt = instant(state.rules.opensAt);
  const closesAt = instant(state.rules.closesAt);
  const reason =
    opensAt !== null && now < opensAt
      ? NOT_OPEN_TEXT
      : closesAt !== null && now >= closesAt
        ? CLOSED_TEXT
        : attemptsLeft === 0
          ? NO_ATTEMPTS_TEXT
          : null;
  return { canStart: reason === null, reason, attemptsLeft };
}

/** When the answer of `examAvailability` next changes by the clock alone (ms), or null. */
export function nextAvailabilityChange(rules: ExamRulesSeen, now: number): number | null {
  const changes = [instant(rules.opensAt), instant(rules.closesAt)].filter(
    (ms): ms is number => ms !== null && ms > now,
  );
  return changes.length > 0 ? Math.min(...changes) : null;
}

/** 'Доступен с … до …', or only the bound that exists; null for an exam always open. */
export function examWindowText(rules: ExamRulesSeen): string | null {
  const opens = instant(rules.opensAt) === null ? '' : formatDateTime(rules.opensAt);
  const closes = instant(rules.closesAt) === null ? '' : formatDateTime(rules.closesAt);
  if (opens && closes) return `Доступен с ${opens} до ${closes}`;
  if (opens) return `Доступен с ${opens}`;
  if (closes) return `Доступен до ${closes}`;
  return null;
}

/** 'Осталось попыток: 1 из 3'; null when unlimited. */
export function attemptsLeftText(rules: ExamRulesSeen, attemptsLeft: number | null): string | null {
  if (attemptsLeft === null || rules.attempts === null || rules.attempts === undefined) return null;
  return `Осталось попыток: ${attemptsLeft} из ${rules.attempts}`;
}
