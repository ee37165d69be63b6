import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ImportAnswersDialog, importResultText } from '@/components/import-answers/import-answers-dialog';
import type { ImportResults } from '@/shared/contract/progress';

const names: Record<number, string> = { 7: 'Иванова Анна' };
const studentName = (id: number) => names[id];

describe('the import dialog', () => {
  it('says what became of each file', () => {
    expect(
      importResultText({ file: 'a.ustno', status: 'attached', studentId: 7, recordingId: 1 }, studentName),
    ).toBe('Прикреплен: Иванова Анна');
    expect(importResultText({ file: 'a.ustno', status: 'attached', studentId: 9 }, studentName)).toBe(
      'Прикреплен',
    );
    expect(importResultText({ file: 'a.ustno', status: 'duplicate', recordingId: 1 })).toBe(
      'Уже был получен',
    );
    expect(importResultText({ file: 'a.ustno', status: 'refused', message: 'файл другого экзамена' })).toBe(
      'Не принят: файл другого экзамена',
    );
  });

  it('sends the chosen files and shows a line per file', async () => {
    const answer: ImportResults = {
      results: [
        { file: 'one.ustno', status: 'attached', studentId: 7, recordingId: 3 },
        { file: 'two.ustno', status: 'duplicate', recordingId: 3 },
        { file: 'three.ustno', status: 'refused', message: 'повреждён' },
      ],
    };
    const upload = vi.fn(async (_files: File[]) => answer);
    render(
      <ImportAnswersDialog
        title="Загрузить ответы из файлов"
        upload={upload}
        studentName={studentName}
        onClose={() => {}}
      />,
    );
    const files = ['one', 'two', 'three'].map((n) => new File(['x'], `${n}.ustno`));
    fireEvent.change(screen.getByLabelText('Файлы ответов .ustno'), { target: { files } });
    const rows = await screen.findAllByTestId('import-result');
    expect(upload).toHaveBeenCalledWith(files);
    expect(rows.map((r) => r.textContent)).toEqual([
      'one.ustnoПрикреплен: Иванова Анна',
      'two.ustnoУже был получен',
      'three.ustnoНе принят: повреждён',
    ]);
    expect(within(rows[0]!).getByText('Прикреплен: Иванова Анна')).toBeTruthy();
  });

  it('takes dropped files', async () => {
    const upload = vi.fn(async (files: File[]) => ({
      results: files.map((f) => ({ file: f.name, status: 'duplicate' as const })),
    }));
    render(<ImportAnswersDialog title="Загрузить ответы из файлов" upload={upload} onClose={() => {}} />);
    const dropped = new File(['x'], 'dropped.ustno');
    fireEvent.drop(screen.getByTestId('import-drop-zone'), { dataTransfer: { files: [dropped] } });
    expect((await screen.findByTestId('import-result')).textContent).toBe('dropped.ustnoУже был получен');
    expect(upload).toHaveBeenCalledWith([dropped]);
  });
});
