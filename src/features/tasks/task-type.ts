import type { TaskType } from '@/shared/contract/teacher';

/** How the two task types are named on screen. */
export const TASK_TYPE_LABEL: Record<TaskType, string> = {
  TEXT_TASK: 'Текстовое задание',
  AUDIO_TASK: 'Аудиозадание',
};
