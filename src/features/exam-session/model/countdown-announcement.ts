import type { RunnerPhase } from './runner';

/** Besides each phase's start and every full minute, the countdown is announced at these seconds left. */
const MILESTONES = [30, 10];

function plural(n: number, one: string, few: string, many: string): string {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return one;
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return few;
  return many;
}

/** '1 минута 30 секунд', '2 минуты', '45 секунд'. */
export function spokenDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const parts: string[] = [];
  if (minutes > 0) parts.push(`${minutes} ${plural(minutes, 'минута', 'минуты', 'минут')}`);
  if (rest > 0 || minutes === 0) parts.push(`${rest} ${plural(rest, 'секунда', 'секунды', 'секунд')}`);
  return parts.join(' ');
}

/**
 * What a screen reader hears about the countdown: the phase and its length when it starts, then
 * the time left at every full minute and at 30 and 10 seconds. The text changes only at those
 * steps (a polite live region announces changes), never with the bar's 100 ms ticks. A window
 * that answers a question names it; while its audio plays, that is said once.
 */
export function countdownAnnouncement(
  phase: RunnerPhase,
  taskNumber: number,
  secondsLeft: number,
  phaseSeconds: number,
  question: { number: number; count: number } | null = null,
): string {
  const where = question
    ? `Задание ${taskNumber}, вопрос ${question.number} из ${question.count}`
    : `Задание ${taskNumber}`;
  if (phase === 'listening') return `${where}: звучит аудиозапись`;
  if (phase === 'starting') return `${where}: сигнал, начинается запись ответа`;
  const steps = [phaseSeconds, ...MILESTONES];
  for (let m = 60; m < phaseSeconds; m += 60) steps.push(m);
  const step = Math.min(...steps.filter((s) => s >= secondsLeft && s <= phaseSeconds));
  if (step === phaseSeconds) {
    const what = phase === 'preparing' ? `Задание ${taskNumber}: подготовка` : `${where}: идет запись ответа`;
    return `${what}, ${spokenDuration(phaseSeconds)}`;
  }
  return `Осталось ${spokenDuration(step)}`;
}
