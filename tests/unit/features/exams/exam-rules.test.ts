import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  examRulesLines,
  isoToLocalInput,
  localInputToIso,
  rulesDraftOf,
  rulesErrors,
  rulesOf,
} from '@/features/exams/model/exam-rules';

describe('datetime-local ⇄ ISO, in the device’s time zone', () => {
  let zone: string | undefined;
  beforeEach(() => {
    zone = process.env.TZ;
    // Node reads the zone again when TZ is set: a zone five hours east of UTC, all year.
    process.env.TZ = 'Asia/Yekaterinburg';
  });
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('reads the input as local time and sends the instant', () => {
    expect(localInputToIso('2026-05-01T10:00')).toBe('2026-05-01T05:00:00.000Z');
    expect(localInputToIso('2026-01-01T03:30')).toBe('2025-12-31T22:30:00.000Z');
  });

  it('shows an instant as the input holds it, in local time', () => {
    expect(isoToLocalInput('2026-05-01T05:00:00.000Z')).toBe('2026-05-01T10:00');
    expect(isoToLocalInput('2025-12-31T22:30:00+00:00')).toBe('2026-01-01T03:30');
  });

  it('goes there and back unchanged', () => {
    for (const local of ['2026-02-28T23:59', '2026-09-01T08:00', '2027-01-01T00:00']) {
      expect(isoToLocalInput(localInputToIso(local))).toBe(local);
    }
  });

  it('says the rules on the exam page with dates as yyyy.mm.dd hh:mm, local', () => {
    expect(
      examRulesLines({
        attempts: 1,
        opensAt: '2026-05-01T05:00:00.000Z',
        closesAt: '2026-05-01T07:30:00.000Z',
      }),
    ).toEqual({ attempts: 'Попыток: 1', window: 'Доступен с 2026.05.01 10:00 до 2026.05.01 12:30' });
    expect(examRulesLines({ attempts: null, opensAt: '2026-05-01T05:00:00.000Z', closesAt: null })).toEqual({
      attempts: 'Попыток: без ограничений',
      window: 'Доступен с 2026.05.01 10:00',
    });
    expect(examRulesLines({ attempts: 3, opensAt: null, closesAt: '2026-05-01T07:30:00.000Z' }).window).toBe(
      'Доступен до 2026.05.01 12:30',
    );
    // An exam cached before the rules existed has none.
    expect(examRulesLines({})).toEqual({
      attempts: 'Попыток: без ограничений',
      window: 'Доступен в любое время',
    });
  });
});

describe('the exam’s rules in the dialog', () => {
  it('are empty for none, and sent as null', () => {
    const draft = rulesDraftOf({ attempts: null, opensAt: null, closesAt: null });
    expect(draft).toEqual({ attempts: '', opensAt: '', closesAt: '' });
    expect(rulesDraftOf()).toEqual(draft);
    expect(rulesOf(draft)).toEqual({ attempts: null, opensAt: null, closesAt: null });
    expect(rulesErrors(draft)).toEqual({});
  });

  it('send the attempts as a number and the window as instants', () => {
    const opens = '2026-05-01T10:00';
    const sent = rulesOf({ attempts: '2', opensAt: opens, closesAt: '' });
    expect(sent).toEqual({ attempts: 2, opensAt: new Date(opens).toISOString(), closesAt: null });
  });

  it('are checked by the contract: the window’s order under «Закрывается», the attempts’ limits', () => {
    const window = { opensAt: '2026-05-01T10:00', closesAt: '2026-05-01T09:00' };
    expect(rulesErrors({ attempts: '', ...window })).toEqual({
      closesAt: 'Экзамен должен закрываться позже, чем открывается',
    });
    expect(rulesErrors({ attempts: '', opensAt: window.opensAt, closesAt: window.opensAt }).closesAt).toBe(
      'Экзамен должен закрываться позже, чем открывается',
    );
    expect(rulesErrors({ attempts: '0', opensAt: '', closesAt: '' })).toEqual({
      attempts: 'Попыток: не меньше 1',
    });
    expect(rulesErrors({ attempts: '1.5', opensAt: '', closesAt: '' })).toEqual({
      attempts: 'Попытки: целое число',
    });
    expect(rulesErrors({ attempts: '101', opensAt: '', closesAt: '' })).toEqual({
      attempts: 'Попыток: не больше 100',
    });
  });
});
