import { describe, expect, it } from 'vitest';
import { countdownAnnouncement, spokenDuration } from '@/features/exam-session/model/countdown-announcement';

describe('countdown announcements', () => {
  it('says durations in Russian', () => {
    expect(spokenDuration(1)).toBe('1 секунда');
    expect(spokenDuration(22)).toBe('22 секунды');
    expect(spokenDuration(11)).toBe('11 секунд');
    expect(spokenDuration(60)).toBe('1 минута');
    expect(spokenDuration(90)).toBe('1 минута 30 секунд');
    expect(spokenDuration(300)).toBe('5 минут');
  });

  it('announces a phase when it starts, then only at full minutes and at 30 and 10 seconds left', () => {
    const said = new Set<string>();
    const changes: string[] = [];
    let last = '';
    // Every 100 ms tick of a 2.5-minute answer: the text changes only at the steps.
    for (let ms = 150_000; ms >= 0; ms -= 100) {
      const text = countdownAnnouncement('speaking', 2, Math.ceil(ms / 1000), 150);
      said.add(text);
      if (text !== last) changes.push(text);
      last = text;
    }
    expect(changes).toEqual([
      'Задание 2: идет запись ответа, 2 минуты 30 секунд',
      'Осталось 2 минуты',
      'Осталось 1 минута',
      'Осталось 30 секунд',
      'Осталось 10 секунд',
    ]);
    expect(said.size).toBe(5);
  });

  it('names the preparation and the start of the answer', () => {
    expect(countdownAnnouncement('preparing', 1, 20, 20)).toBe('Задание 1: подготовка, 20 секунд');
    expect(countdownAnnouncement('preparing', 1, 15, 20)).toBe('Задание 1: подготовка, 20 секунд');
    expect(countdownAnnouncement('starting', 3, 60, 60)).toBe('Задание 3: сигнал, начинается запись ответа');
  });

  it('names the question of a window and says when its audio plays', () => {
    const second = { number: 2, count: 5 };
    expect(countdownAnnouncement('listening', 3, 40, 40, second)).toBe(
      'Задание 3, вопрос 2 из 5: звучит аудиозапись',
    );
    expect(countdownAnnouncement('listening', 1, 60, 60)).toBe('Задание 1: звучит аудиозапись');
    expect(countdownAnnouncement('starting', 3, 40, 40, second)).toBe(
      'Задание 3, вопрос 2 из 5: сигнал, начинается запись ответа',
    );
    expect(countdownAnnouncement('speaking', 3, 40, 40, second)).toBe(
      'Задание 3, вопрос 2 из 5: идет запись ответа, 40 секунд',
    );
    expect(countdownAnnouncement('speaking', 3, 30, 40, second)).toBe('Осталось 30 секунд');
  });
});
