import { describe, expect, it } from 'vitest';
import {
  answerTotal,
  DEFAULT_ANSWER_SECONDS,
  questionDrafts,
  questionErrorLines,
  questionErrors,
  questionsOf,
  withQuestionAdded,
  withQuestionChanged,
  withQuestionMoved,
  withQuestionRemoved,
} from '@/features/tasks/model/question-drafts';
import { TASK_QUESTIONS_MAX, taskQuestionWriteSchema } from '@/shared/contract/teacher';

const audio = { id: 7, name: 'q1.mp3', type: 'audio/mpeg', access: '/media/7' };

describe('question drafts', () => {
  it('start from the task’s questions and send them back as the contract takes them', () => {
    const drafts = questionDrafts([
      { text: 'Как вас зовут?', fileId: 7, file: audio, answerSeconds: 40 },
      { text: null, fileId: null, file: null, answerSeconds: 60 },
    ]);
    expect(drafts.map(({ text, fileId, answerSeconds }) => ({ text, fileId, answerSeconds }))).toEqual([
      { text: 'Как вас зовут?', fileId: 7, answerSeconds: '40' },
      { text: '', fileId: null, answerSeconds: '60' },
    ]);
    const sent = questionsOf(drafts);
    expect(sent).toEqual([
      { text: 'Как вас зовут?', fileId: 7, answerSeconds: 40 },
      { text: '', fileId: null, answerSeconds: 60 },
    ]);
    // The contract reads an empty text as none.
    expect(taskQuestionWriteSchema.parse(sent[1])).toEqual({ text: null, fileId: null, answerSeconds: 60 });
  });

  it('are added with the default answer time and no audio, up to the contract’s maximum', () => {
    let drafts = withQuestionAdded([]);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({
      text: '',
      fileId: null,
      answerSeconds: String(DEFAULT_ANSWER_SECONDS),
    });
    for (let i = 0; i < TASK_QUESTIONS_MAX + 3; i++) drafts = withQuestionAdded(drafts);
    expect(drafts).toHaveLength(TASK_QUESTIONS_MAX);
    expect(new Set(drafts.map((d) => d.key)).size).toBe(TASK_QUESTIONS_MAX);
  });

  it('are reordered, changed and removed, each keeping its key', () => {
    const [a, b, c] = withQuestionAdded(withQuestionAdded(withQuestionAdded([])));
    expect(withQuestionMoved([a, b, c], 2, -1)).toEqual([a, c, b]);
    expect(withQuestionMoved([a, b, c], 0, 1)).toEqual([b, a, c]);
    // At either end nothing moves.
    expect(withQuestionMoved([a, b, c], 0, -1)).toEqual([a, b, c]);
    expect(withQuestionMoved([a, b, c], 2, 1)).toEqual([a, b, c]);
    const changed = withQuestionChanged([a, b, c], 1, { text: 'Второй', fileId: 7 });
    expect(changed[1]).toEqual({ ...b, text: 'Второй', fileId: 7 });
    expect(changed[0]).toBe(a);
    expect(withQuestionRemoved([a, b, c], 1)).toEqual([a, c]);
  });

  it('add up to the task’s answer time, none while one time is not a number', () => {
    const drafts = withQuestionChanged(withQuestionAdded(withQuestionAdded([])), 1, { answerSeconds: '75' });
    expect(answerTotal(drafts)).toBe(DEFAULT_ANSWER_SECONDS + 75);
    expect(answerTotal([])).toBe(0);
    expect(answerTotal(withQuestionChanged(drafts, 0, { answerSeconds: '' }))).toBeNull();
  });

  it('are checked by the contract’s rules, each error under its field and named by its question', () => {
    let drafts = withQuestionAdded(withQuestionAdded(withQuestionAdded([])));
    drafts = withQuestionChanged(drafts, 0, { answerSeconds: '4' });
    drafts = withQuestionChanged(drafts, 2, { answerSeconds: '', text: 'х'.repeat(1001) });
    const errors = questionErrors(drafts);
    expect(errors[0]).toEqual({ answerSeconds: 'Время на ответ на вопрос: не меньше 5 с' });
    expect(errors[1]).toEqual({});
    expect(errors[2]).toEqual({
      text: 'Текст вопроса: не длиннее 1000 символов',
      answerSeconds: 'Время на ответ на вопрос: укажите число секунд',
    });
    expect(questionErrorLines(errors)).toEqual([
      'Вопрос 1: Время на ответ на вопрос: не меньше 5 с',
      'Вопрос 3: Текст вопроса: не длиннее 1000 символов',
      'Вопрос 3: Время на ответ на вопрос: укажите число секунд',
    ]);
    expect(questionErrors(withQuestionChanged(drafts, 0, { answerSeconds: '601' }))[0]).toEqual({
      answerSeconds: 'Время на ответ на вопрос: не больше 600 с',
    });
  });
});
