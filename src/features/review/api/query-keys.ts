// The review's query keys without the query hooks: the outbox kinds name what they refresh, and
// the service worker loads those kinds (no React there).

export const recordingQueryKey = (id: number) => ['teacher', 'audio', id] as const;

export const scoresQueryKey = (id: number) => ['teacher', 'audio', id, 'scores'] as const;

/**
 * The teacher's exam pages: the exams feature's `examQueryKey(id)` (the exam with its recordings
 * and, beneath it, its statistics) lives under it. Features do not import each other, so the
 * prefix is written here; a unit test holds the two together.
 */
export const examPagesQueryKey = ['teacher', 'exams', 'detail'] as const;
