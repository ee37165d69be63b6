import { describe, expect, it } from 'vitest';
import {
  attemptsLeftText,
  examAvailability,
  type ExamRulesSeen,
  examWindowText,
  nextAvailabilityChange,
} from '@/lib/exam-availability';
import { formatDateTime } from '@/shared/format';

const opensAt = '2026-12-01T07:00:00.000Z';
const closesAt = '2026-12-01T09:00:00.000Z';
const ms = (iso: string) => Date.parse(iso);

const rules = (over: ExamRulesSeen = {}): ExamRulesSeen => ({
  attempts: null,
  opensAt: null,
  closesAt: null,
  attemptsUsed: 0,
  ...over,
});

describe('whether an exam may start', () => {
  it('is always open with no window and unlimited attempts, however many were used', () => {
    expect(examAvailability({ rules: rules({ attemptsUsed: 40 }), onDevice: 3 }, 0)).toEqual({
      canStart: true,
      reason: null,
      attemptsLeft: null,
    });
  });

  it('opens at opensAt and closes at closesAt, by the clock given', () => {
    const state = { rules: rules({ opensAt, closesAt }), onDevice: 0 };
    expect(examAvailability(state, ms(opensAt) - 1)).toMatchObject({
      canStart: false,
      reason: 'Экзамен еще не открыт',
    });
    expect(examAvailability(state, ms(opensAt))).toMatchObject({ canStart: true, reason: null });
    expect(examAvailability(state, ms(closesAt) - 1)).toMatchObject({ canStart: true });
    expect(examAvailability(state, ms(closesAt))).toMatchObject({
      canStart: false,
      reason: 'Экзамен уже закрыт',
    });
  });

  it("counts the server's attempts and the device's own together", () => {
    const three = rules({ attempts: 3, attemptsUsed: 1 });
    expect(examAvailability({ rules: three, onDevice: 0 }, 0)).toEqual({
      canStart: true,
      reason: null,
      attemptsLeft: 2,
    });
    // Two more recorded offline, not sent yet: none left on this device either.
    expect(examAvailability({ rules: three, onDevice: 2 }, 0)).toEqual({
      canStart: false,
      reason: 'Попытки закончились',
      attemptsLeft: 0,
    });
    // More than allowed (recorded on another device meanwhile) is none left, never a negative.
    expect(examAvailability({ rules: three, onDevice: 5 }, 0).attemptsLeft).toBe(0);
  });

  it('names the window before the attempts when both forbid it', () => {
    const state = { rules: rules({ attempts: 1, attemptsUsed: 1, closesAt }), onDevice: 0 };
    expect(examAvailability(state, ms(closesAt) + 1).reason).toBe('Экзамен уже закрыт');
    expect(examAvailability(state, ms(closesAt) - 1).reason).toBe('Попытки закончились');
  });

  it('takes an answer an older version cached (no rules in it) as always open', () => {
    expect(examAvailability({ rules: {}, onDevice: 2 }, 0)).toEqual({
      canStart: true,
      reason: null,
      attemptsLeft: null,
    });
    expect(examWindowText({})).toBeNull();
    expect(attemptsLeftText({}, null)).toBeNull();
  });

  it('says when the answer next changes by the clock alone', () => {
    const windowed = rules({ opensAt, closesAt });
    expect(nextAvailabilityChange(windowed, 0)).toBe(ms(opensAt));
    expect(nextAvailabilityChange(windowed, ms(opensAt))).toBe(ms(closesAt));
    expect(nextAvailabilityChange(windowed, ms(closesAt))).toBeNull();
    expect(nextAvailabilityChange(rules(), 0)).toBeNull();
  });
});

describe('how the screens say it', () => {
  it('shows the window as yyyy.mm.dd hh:mm, only the bounds that exist', () => {
    const from = formatDateTime(opensAt);
    const to = formatDateTime(closesAt);
    expect(from).toMatch(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/);
    expect(examWindowText(rules({ opensAt, closesAt }))).toBe(`Доступен с ${from} до ${to}`);
    expect(examWindowText(rules({ closesAt }))).toBe(`Доступен до ${to}`);
    expect(examWindowText(rules({ opensAt }))).toBe(`Доступен с ${from}`);
    expect(examWindowText(rules())).toBeNull();
  });

  it('shows the attempts left of how many, nothing when unlimited', () => {
    expect(attemptsLeftText(rules({ attempts: 3 }), 1)).toBe('Осталось попыток: 1 из 3');
    expect(attemptsLeftText(rules(), null)).toBeNull();
  });
});
