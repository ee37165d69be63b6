import { Readable } from 'node:stream';
import { examStateText } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import { zonedClock } from '../../lib/time';
import { latestGrades } from '../grading';
import { examStates, stateOf } from './exam-states';
import * as repo from './repository';

// The exam's gradebook, scores.csv: an export beside exam.zip (whose first entry it is). The
// grades themselves are grading's; this file only lays them out.

/** A cell as Excel and LibreOffice read it: quoted when needed, never taken for a formula. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(';')}\r\n`;

function localDateTime(iso: string, timeZone: string): string {
  const c = zonedClock(new Date(iso), timeZone);
  return `${c.day}.${c.month}.${c.year} ${c.hour}:${c.minute}`;
}

const CSV_BATCH = 200;

/**
 * The exam's gradebook: one row per assigned student (the grade of their latest recording, how
 * many they made, whether the latest was recorded after the close or beyond the attempts, and
 * where their answer stands on the exam day), UTF-8 with a byte order mark and `;` between cells
 * so Excel in a Russian locale opens it as it is. Read from the database a batch at a time as the stream is consumed.
 */
export function scoresCsvStream(ctx: AppContext, examId: number): Readable {
  const { db } = ctx;
  const timeZone = ctx.config.timezone;
  async function* lines(): AsyncGenerator<string> {
    // The class's exam-day states, read once for the whole file.
    const [columns, states] = await Promise.all([repo.examTaskColumns(db, examId), examStates(db, examId)]);
    const taskHeaders = Array.from({ length: columns }, (_, i) => `Задание ${i + 1}`);
    yield `\uFEFF${csvLine(['Фамилия', 'Имя', 'Отчество', 'Логин', 'Завершен', 'Загружено', ...taskHeaders, 'Итого', 'Максимум', 'Попыток', 'После закрытия', 'Сверх попыток', 'Состояние'])}`;
    for (let offset = 0; ; offset += CSV_BATCH) {
      const students = await repo.examStudentsBatch(db, examId, offset, CSV_BATCH);
      if (students.length === 0) return;
      const ids = students.map((s) => s.id);
      const latest = await latestGrades(db, examId, ids);
      for (const student of students) {
        const grade = latest.get(student.id);
        const state = stateOf(states, student.id);
        yield csvLine([
          student.surname,
          student.name,
          student.patronymic,
          student.username,
          grade ? 'да' : 'нет',
          grade ? localDateTime(grade.createdAt, timeZone) : null,
          ...Array.from({ length: columns }, (_, i) => grade?.pointsByPosition.get(i + 1) ?? null),
          grade?.total ?? null,
          grade?.maxTotal ?? null,
          grade?.attempts ?? 0,
          grade?.afterClose ? 'да' : 'нет',
          grade?.overAttempts ? 'да' : 'нет',
          examStateText(state.state, state.stateMessage),
        ]);
      }
      if (students.length < CSV_BATCH) return;
    }
  }
  return Readable.from(lines());
}
