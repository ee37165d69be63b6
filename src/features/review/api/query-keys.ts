// The review's query keys without the query hooks: the outbox kinds name what they refresh, and
// the service worker loads those kinds (no React there).

export const recordingQueryKey = (id: number) => ['teacher', 'audio', id] as const;

export const scoresQueryKey = (id: number) => ['teacher', 'audio', id, 'scores'] as const;
