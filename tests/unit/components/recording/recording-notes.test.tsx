import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recordingSecondary } from '@/components/paged-list/recording-rows';
import { recordingNotes } from '@/components/recording/recording-notes';
import { RecordingPage } from '@/components/recording/recording-page';

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
