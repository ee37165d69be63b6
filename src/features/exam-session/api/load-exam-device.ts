import type * as ExamDevice from './exam-device';

let loading: Promise<typeof ExamDevice> | null = null;

/** The exam's device side (exam-device.ts), loaded once; a failed load is tried again next time. */
export function loadExamDevice(): Promise<typeof ExamDevice> {
  loading ??= import('./exam-device');
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
