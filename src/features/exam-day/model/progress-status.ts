import type { ExamProgressStudent } from '@/shared/contract/progress';

const MB = 1024 * 1024;

const megabytes = (bytes: number) =>
  `${(bytes / MB).toLocaleString('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} МБ`;

const hhmm = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

/**
 * The plain status of a student's row in 'Ход экзамена': where the answer is, for a teacher
 * in a classroom ('Закончил, ответ на устройстве (3,2 МБ) — 4 мин'). `now` in ms.
 */
export function progressStatusText(student: ExamProgressStudent, now: number): string {
  switch (student.state) {
    case 'not-started':
      return 'Не начинал';
    case 'in-progress': {
      if (!student.task) return 'Отвечает';
      return student.tasks
        ? `Отвечает: задание ${student.task} из ${student.tasks}`
        : `Отвечает: задание ${student.task}`;
    }
    case 'on-device': {
      const size = student.pendingBytes !== undefined ? ` (${megabytes(student.pendingBytes)})` : '';
      const since = student.lastSeen
        ? ` — ${Math.max(0, Math.floor((now - Date.parse(student.lastSeen)) / 60_000))} мин`
        : '';
      return `Закончил, ответ на устройстве${size}${since}`;
    }
    case 'received':
      return student.lastSeen ? `Ответ получен ${hhmm(student.lastSeen)}` : 'Ответ получен';
    case 'refused':
      return student.message ? `Не принят: ${student.message}` : 'Не принят';
  }
}
