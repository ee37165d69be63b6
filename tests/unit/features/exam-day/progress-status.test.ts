import { describe, expect, it } from 'vitest';
import { progressStatusText } from '@/features/exam-day/model/progress-status';
import type { ExamProgressStudent } from '@/shared/contract/progress';

const base: ExamProgressStudent = { id: 1, surname: 'Иванова', name: 'Анна', state: 'not-started' };
const now = Date.parse('2026-11-26T12:50:00Z');

describe('progressStatusText', () => {
  it('says each state plainly', () => {
    expect(progressStatusText(base, now)).toBe('Не начинал');
    expect(progressStatusText({ ...base, state: 'in-progress', task: 2, tasks: 4 }, now)).toBe(
      'Отвечает: задание 2 из 4',
    );
    expect(progressStatusText({ ...base, state: 'in-progress', task: 3 }, now)).toBe('Отвечает: задание 3');
    expect(progressStatusText({ ...base, state: 'in-progress', task: 0 }, now)).toBe('Отвечает');
    expect(
      progressStatusText(
        {
          ...base,
          state: 'on-device',
          pendingBytes: Math.round(3.2 * 1024 * 1024),
          lastSeen: '2026-11-26T12:45:30Z',
        },
        now,
      ),
    ).toBe('Закончил, ответ на устройстве (3,2 МБ) — 4 мин');
    expect(progressStatusText({ ...base, state: 'refused', message: 'запись повреждена' }, now)).toBe(
      'Не принят: запись повреждена',
    );
  });

  it('says when the answer came by the local clock', () => {
    const at = new Date(2026, 10, 26, 9, 5).toISOString();
    expect(progressStatusText({ ...base, state: 'received', lastSeen: at }, now)).toBe('Ответ получен 09:05');
  });
});
