import { describe, expect, it } from 'vitest';
import { mergeComments } from '@/features/review/model/merge-comments';
import { commentDraftError, newCommentRegion } from '@/features/review/model/comment-rules';

const server = [
  { id: 1, start: 10, end: 12, comment: 'Хорошо' },
  { id: 2, start: 2, end: 4, comment: 'Ошибка в окончании' },
];

describe('comments shown while changes wait in the outbox', () => {
  it('applies pending creations, edits and deletions on top of the server list, sorted by start', () => {
    const shown = mergeComments(server, [
      { op: 'create', audioId: 7, clientId: 'c1', start: 5, end: 6, comment: 'Новый' },
      { op: 'update', audioId: 7, target: { id: 1 }, start: 0, end: 1, comment: 'Исправлено' },
      { op: 'update', audioId: 7, target: { clientId: 'c1' }, start: 5, end: 7, comment: 'Новый, правка' },
      { op: 'delete', audioId: 7, target: { id: 2 } },
    ]);
    expect(shown.map((c) => [c.key, c.start, c.end, c.comment, c.pending])).toEqual([
      ['id:1', 0, 1, 'Исправлено', true],
      ['client:c1', 5, 7, 'Новый, правка', true],
    ]);
  });

  it('carries the server’s reason for a change it refused for good, and none for one still waiting', () => {
    const shown = mergeComments(server, [
      {
        op: 'update',
        audioId: 7,
        target: { id: 1 },
        start: 0,
        end: 1,
        comment: 'Исправлено',
        refusal: 'Комментарий не найден',
      },
      { op: 'create', audioId: 7, clientId: 'c2', start: 5, end: 6, comment: 'Новый' },
    ]);
    expect(shown.map((c) => [c.key, c.pending, c.refusal])).toEqual([
      ['id:1', true, 'Комментарий не найден'],
      ['id:2', false, null],
      ['client:c2', true, null],
    ]);
  });

  it('shows the server list as it is with nothing pending', () => {
    expect(mergeComments(server, []).map((c) => c.key)).toEqual(['id:2', 'id:1']);
  });
});

describe('comment rules', () => {
  it('starts a new comment’s region at the playhead, 5 s long or to the end', () => {
    // A page just opened: the playhead at the start.
    expect(newCommentRegion(0, 60)).toEqual({ start: 0, end: 5 });
    expect(newCommentRegion(0, 3)).toEqual({ start: 0, end: 3 });
    expect(newCommentRegion(42.5, 60)).toEqual({ start: 42.5, end: 47.5 });
    expect(newCommentRegion(57, 60)).toEqual({ start: 57, end: 60 });
    // At the very end it is the last 0.3 s, never an empty span.
    expect(newCommentRegion(60, 60)).toEqual({ start: 59.7, end: 60 });
  });

  it('refuses a span outside the recording or reversed, and an empty text', () => {
    const draft = (start: number, end: number, comment = 'Текст') =>
      commentDraftError({ start, end, comment }, 60);
    expect(draft(0, 5)).toBeNull();
    expect(draft(-1, 5)).toMatch(/меньше 0/);
    expect(draft(0, 61)).toMatch(/позже конца записи/);
    expect(draft(6, 5)).toMatch(/позже конца/);
    expect(draft(0, 5, '   ')).toBe('Комментарий: обязательное поле');
  });
});
