import { recordingKind } from '@/features/exam-session/api/complete-exam';
import { progressKind } from '@/features/exam-session/api/report-progress';
import { commentKind } from '@/features/review/api/comment-ops';
import { gradeKind } from '@/features/review/api/grade-send';
import { voiceKind } from '@/features/review/api/voice-ops';
import type { AnyOutboxKindDef } from '@/lib/sync-engine';

/**
 * Every kind of outbox work, each declared once in its feature; the page and the service worker
 * register this one list, so both send every kind the same way. Nothing here may pull React in.
 */
export const outboxKinds: ReadonlyArray<AnyOutboxKindDef> = [
  recordingKind,
  progressKind,
  commentKind,
  gradeKind,
  voiceKind,
];
