import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDuration, fullName, pointsWord } from '@/shared/format';

describe('formatDateTime', () => {
  it('shows yyyy.mm.dd hh:mm in local time, zero-padded', () => {
    expect(formatDateTime(new Date(2024, 0, 5, 7, 3).toISOString())).toBe('2024.01.05 07:03');
    expect(formatDateTime(new Date(2025, 11, 31, 23, 59, 59).toISOString())).toBe('2025.12.31 23:59');
  });

  it('gives an empty text for a missing or broken date', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatDuration', () => {
  it('shows mm:ss', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(5)).toBe('00:05');
    expect(formatDuration(65)).toBe('01:05');
    expect(formatDuration(599.9)).toBe('09:59');
  });

  it('lets minutes grow past an hour instead of adding hours', () => {
    expect(formatDuration(3600)).toBe('60:00');
    expect(formatDuration(6000 + 7)).toBe('100:07');
  });

  it('shows 00:00 for empty or invalid input', () => {
    expect(formatDuration(null)).toBe('00:00');
    expect(formatDuration(undefined)).toBe('00:00');
    expect(formatDuration(Number.NaN)).toBe('00:00');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('00:00');
    expect(formatDuration(-3)).toBe('00:00');
  });
});

describe('fullName', () => {
  it('lists surname, name and patronymic, leaving out an empty one', () => {
    expect(fullName({ surname: 'Иванов', name: 'Иван', patronymic: 'Иванович' })).toBe(
      'Иванов Иван Иванович',
    );
    expect(fullName({ surname: 'Петров', name: 'Петр', patronymic: '' })).toBe('Петров Петр');
  });
});

describe('pointsWord', () => {
  it('agrees with the number as Russian does', () => {
    const words = [0, 1, 2, 4, 5, 11, 12, 14, 20, 21, 22, 25, 101, 111].map((n) => `${n} ${pointsWord(n)}`);
    expect(words).toEqual([
      '0 баллов',
      '1 балл',
      '2 балла',
      '4 балла',
      '5 баллов',
      '11 баллов',
      '12 баллов',
      '14 баллов',
      '20 баллов',
      '21 балл',
      '22 балла',
      '25 баллов',
      '101 балл',
      '111 баллов',
    ]);
  });
});
