import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recordingSecondary } from '@/components/paged-list/recording-rows';
import { recordingNotes } from '@/components/recording/recording-notes';
import { CommentList, RecordingPage } from '@/components/recording/recording-page';

const none = { interrupted: false, late: false, afterClose: false, overAttempts: false };

describe('recordingNotes', () => {
  it('says after the window closed rather than withdrawn when both are flagged', () => {
    expect(recordingNotes({ ...none, late: true, afterClose: true })).toEqual(['afterClose']);
    expect(recordingNotes({ ...none, late: true })).toEqual(['late']);
  });

  it('lists every note in order, and none for a recording that arrived as expected', () => {
    expect(recordingNotes({ interrupted: true, late: true, afterClose: true, overAttempts: true })).toEqual([
      'interrupted',
      'afterClose',
      'overAttempts',
    ]);
    expect(recordingNotes(none)).toEqual([]);
    // A row cached before the flags existed has none of them.
    expect(recordingNotes({})).toEqual([]);
  });
});

describe('recordingSecondary', () => {
  const row = { date: '2026-03-05T09:07:00.000Z', total: 4, maxTotal: 5 };

  it('names each note under the recording, then the score', () => {
    const line = recordingSecondary(
      { ...row, ...none, late: true, afterClose: true, overAttempts: true },
      true,
    );
    expect(line.split(' · ').slice(1)).toEqual(['После закрытия', 'Сверх попыток', 'Баллы: 4 из 5']);
  });

  it('keeps the withdrawn exam’s note for a late recording that is not after the close', () => {
    const line = recordingSecondary({ ...row, ...none, late: true });
    expect(line.split(' · ').slice(1)).toEqual(['Получено после снятия экзамена']);
  });

  it('tells attempts of one exam apart: the attempt, the date, the length (mm:ss), the notes, the score', () => {
    const attempts = [
      { ...row, ...none, attempt: 1, duration: 95.4, date: '2026-03-05T09:07:00.000Z' },
      {
        ...row,
        ...none,
        attempt: 2,
        duration: 3600 + 7,
        date: '2026-03-06T10:15:00.000Z',
        interrupted: true,
      },
      {
        ...row,
        ...none,
        attempt: 3,
        duration: 9,
        date: '2026-03-07T11:00:00.000Z',
        total: null,
        maxTotal: null,
      },
    ];
    const lines = attempts.map((a) => recordingSecondary(a, true).split(' · '));
    expect(lines.map(([attempt, , length]) => [attempt, length])).toEqual([
      ['Попытка 1', '01:35'],
      ['Попытка 2', '60:07'],
      ['Попытка 3', '00:09'],
    ]);
    // The date as everywhere (yyyy.mm.dd hh:mm, local time), then the notes, then the score.
    expect(lines[1][1]).toMatch(/^2026\.03\.0[67] \d\d:\d\d$/);
    expect(lines[1].slice(3)).toEqual(['Запись прервана', 'Баллы: 4 из 5']);
    expect(lines[2]).toHaveLength(3);
  });

  it('shows a row cached before rows carried the attempt and length as it was', () => {
    expect(recordingSecondary({ ...row, ...none }).split(' · ')).toHaveLength(1);
  });
});

describe('CommentList', () => {
  it('says there are no comments yet, on the teacher’s and the student’s page alike', () => {
    render(
      <CommentList title="Комментарии учителя" empty>
        {null}
      </CommentList>,
    );
    expect(screen.getByRole('heading', { name: 'Комментарии учителя' })).toBeTruthy();
    expect(screen.getByText('Комментариев пока нет')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('RecordingPage', () => {
  it('explains each note of the recording', () => {
    render(
      <RecordingPage
        name="Экзамен — Иванова Анна"
        variant={null}
        about="о записи"
        flags={{ ...none, late: true, afterClose: true, overAttempts: true }}
      >
        <p>плеер</p>
      </RecordingPage>,
    );
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toHaveLength(2);
    expect(alerts[0]).toMatch(/^После закрытия\. Ответ записан после того, как экзамен закрылся/);
    expect(alerts[1]).toMatch(
      /^Сверх попыток\. Ответ записан, когда попытки на этот экзамен уже закончились/,
    );
  });
});
