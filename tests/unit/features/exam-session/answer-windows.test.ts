import { describe, expect, it } from 'vitest';
import {
  answerWindowsOf,
  examTimeOf,
  runnerTaskOf,
  type WindowedTask,
} from '@/features/exam-session/model/answer-windows';

const audio = (id: number) => ({
  id,
  name: `q${id}.mp3`,
  type: 'audio/mpeg',
  access: `/api/files/${id}/content`,
});
const image = { id: 2, name: 'map.png', type: 'image/png', access: '/api/files/2/content' };

const task = (over: Partial<WindowedTask>): WindowedTask => ({
  id: 1,
  type: 'TEXT_TASK',
  preparationDuration: 90,
  duration: 120,
  files: [],
  questions: [],
  ...over,
});

describe('answer windows of a task', () => {
  it('gives a plain task one answer of its duration, nothing heard first', () => {
    expect(answerWindowsOf(task({ files: [image] }))).toEqual([
      { answerSeconds: 120, audio: null, text: null, question: null },
    ]);
    // An answer cached by an older version has no questions at all.
    expect(answerWindowsOf(task({ questions: undefined }))).toEqual(answerWindowsOf(task({})));
  });

  it("hears an audio task's own audio first, then one answer of the whole duration", () => {
    expect(answerWindowsOf(task({ type: 'AUDIO_TASK', files: [image, audio(5)] }))).toEqual([
      { answerSeconds: 120, audio: '/api/files/5/content', text: null, question: null },
    ]);
    // Without an audio file it is a plain answer.
    expect(answerWindowsOf(task({ type: 'AUDIO_TASK', files: [image] }))[0].audio).toBeNull();
  });

  it('gives each question its own window, in order, heard first only when it has audio', () => {
    const questions = [
      { text: 'Where do you live?', fileId: 7, file: audio(7), answerSeconds: 40 },
      { text: null, fileId: 8, file: audio(8), answerSeconds: 40 },
      { text: 'Why?', fileId: null, file: null, answerSeconds: 60 },
    ];
    const windows = answerWindowsOf(
      task({ duration: 140, questions, type: 'AUDIO_TASK', files: [audio(5)] }),
    );
    expect(windows).toEqual([
      {
        answerSeconds: 40,
        audio: '/api/files/7/content',
        text: 'Where do you live?',
        question: { number: 1, count: 3 },
      },
      { answerSeconds: 40, audio: '/api/files/8/content', text: null, question: { number: 2, count: 3 } },
      { answerSeconds: 60, audio: null, text: 'Why?', question: { number: 3, count: 3 } },
    ]);
    expect(runnerTaskOf(task({ duration: 140, questions }))).toEqual({
      id: 1,
      preparationDuration: 90,
      duration: 140,
      windows: [
        { answerSeconds: 40, listen: true },
        { answerSeconds: 40, listen: true },
        { answerSeconds: 60, listen: false },
      ],
    });
  });
});

describe('the whole time of an exam', () => {
  it('sums every preparation and every answer window, a task with questions by its questions', () => {
    const plain = task({ preparationDuration: 60, duration: 120 });
    const interview = task({
      id: 2,
      preparationDuration: 30,
      // The questions count, not a duration that does not match them.
      duration: 999,
      questions: [40, 50].map((answerSeconds) => ({ text: null, file: null, answerSeconds })),
    });
    expect(examTimeOf([plain, interview])).toEqual({ total: 300, preparation: 90, answers: 210 });
    expect(examTimeOf([])).toEqual({ total: 0, preparation: 0, answers: 0 });
  });
});
