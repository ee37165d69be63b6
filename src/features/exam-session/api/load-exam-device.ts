import { loadOnce } from '@/lib/load-once';

/** The exam's device side (exam-device.ts), loaded once; a failed load is tried again next time. */
export const loadExamDevice = loadOnce(() => import('./exam-device'));
