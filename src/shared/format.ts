const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy.mm.dd hh:mm` in local time; '' for a missing or invalid date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** `mm:ss` (minutes grow past 59 rather than adding hours); 00:00 for empty or invalid input. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '00:00';
  const whole = Math.floor(seconds);
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/** Surname, name, patronymic, as people are listed (an empty part is left out). */
export const fullName = (u: { surname: string; name: string; patronymic: string }) =>
  [u.surname, u.name, u.patronymic].filter(Boolean).join(' ');

/** «1 балл», «3 балла», «5 баллов». */
export function pointsWord(n: number): string {
  const tens = Math.abs(n) % 100;
  const ones = tens % 10;
  if (tens >= 11 && tens <= 14) return 'баллов';
  if (ones === 1) return 'балл';
  if (ones >= 2 && ones <= 4) return 'балла';
  return 'баллов';
}

/** A grade as «7 из 10». */
export const formatScore = (total: number, maxTotal: number) => `${total} из ${maxTotal}`;
