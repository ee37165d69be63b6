import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { createLink } from '@tanstack/react-router';
import { useState } from 'react';
import type { TaskDto } from '../../../shared/contract/teacher';
import { formatDuration } from '../../../shared/format';
import { SUCCESS_TEXT } from '../../../shared/messages';
import { Page } from '../../../components/layout/page';
import { PagedList } from '../../../components/paged-list/paged-list';
import { toPagedResult } from '../../../components/paged-list/paged-result';
import { useListState } from '../../../components/paged-list/use-list-state';
import { useNotify } from '../../../lib/notify';
import { useDeleteTask } from '../api/delete-task';
import { useTasksPage } from '../api/list-tasks';
import { TASK_TYPE_LABEL } from '../task-type';
import { TaskDialog } from './task-dialog';

const ListItemLink = createLink(ListItemButton);

export const taskSummary = (task: TaskDto) =>
  `${TASK_TYPE_LABEL[task.type]} · подготовка ${formatDuration(task.preparationDuration)} · ответ ${formatDuration(task.duration)}`;

/** /teacher/tasks: search, create, delete (a task in use answers 409 with where), open one. */
export function TasksScreen() {
  const state = useListState();
  const query = useTasksPage({ page: state.page, pageSize: state.pageSize, search: state.search });
  const [creating, setCreating] = useState(false);
  const remove = useDeleteTask();
  const notify = useNotify();

  const deleteTask = (task: TaskDto) =>
    remove.mutate(task.id, {
      onSuccess: () => notify.success(SUCCESS_TEXT.taskDeleted),
      onError: notify.apiError,
    });

  return (
    <Page
      title="Задания"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          Создать задание
        </Button>
      }
    >
      <PagedList state={state} result={toPagedResult(query)}>
        {(tasks) => (
          <Paper variant="outlined">
            <List aria-label="Задания" disablePadding>
              {tasks.map((task) => (
                <ListItem
                  key={task.id}
                  divider
                  disablePadding
                  data-testid="task-row"
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={`Удалить ${task.name}`}
                      onClick={() => deleteTask(task)}
                      disabled={remove.isPending && remove.variables === task.id}
                    >
                      <DeleteIcon />
                    </IconButton>
                  }
                >
                  <ListItemLink to="/teacher/tasks/$id" params={{ id: task.id }}>
                    <ListItemText primary={task.name} secondary={taskSummary(task)} />
                  </ListItemLink>
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </PagedList>
      {creating && <TaskDialog onClose={() => setCreating(false)} />}
    </Page>
  );
}
