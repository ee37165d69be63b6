import { useState } from 'react';
import type { TaskDto } from '@/shared/contract/teacher';
import { formatDuration } from '@/shared/format';
import { SUCCESS_TEXT } from '@/shared/messages';
import { CreateButton } from '@/components/layout/create-button';
import { LinkedListPage } from '@/components/paged-list/linked-list-page';
import { toPagedResult } from '@/components/paged-list/paged-result';
import { useListState } from '@/components/paged-list/use-list-state';
import { useRowDelete } from '@/components/paged-list/use-row-delete';
import { useDeleteTask } from '../api/delete-task';
import { useTasksPage } from '../api/list-tasks';
import { TASK_TYPE_LABEL } from '../task-type';
import { TaskDialog } from './task-dialog';

export const taskSummary = (task: TaskDto) => {
  const line = `${TASK_TYPE_LABEL[task.type]} · подготовка ${formatDuration(task.preparationDuration)} · ответ ${formatDuration(task.duration)}`;
  // A task cached before questions existed has none.
  const questions = task.questions?.length ?? 0;
  return questions > 0 ? `${line} · вопросов: ${questions}` : line;
};

/** /teacher/tasks: search, create, delete (a task in use answers 409 with where), open one. */
export function TasksScreen() {
  const state = useListState();
  const query = useTasksPage({ page: state.page, pageSize: state.pageSize, search: state.search });
  const [creating, setCreating] = useState(false);
  const rowDelete = useRowDelete(useDeleteTask(), SUCCESS_TEXT.taskDeleted);

  return (
    <LinkedListPage
      title="Задания"
      actions={<CreateButton onClick={() => setCreating(true)}>Создать задание</CreateButton>}
      state={state}
      result={toPagedResult(query)}
      rowTestId="task-row"
      link={(task) => ({ to: '/teacher/tasks/$id', params: { id: task.id } })}
      secondary={taskSummary}
      {...rowDelete}
    >
      {creating && <TaskDialog onClose={() => setCreating(false)} />}
    </LinkedListPage>
  );
}
