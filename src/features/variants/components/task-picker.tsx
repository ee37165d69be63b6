import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { TaskDto } from '@/shared/contract/teacher';
import { formatDuration } from '@/shared/format';
import { CheckList } from '@/components/paged-list/check-list';
import { noImplicitSubmit } from '@/components/paged-list/no-implicit-submit';
import { PagedList } from '@/components/paged-list/paged-list';
import { toPagedResult } from '@/components/paged-list/paged-result';
import { useListState } from '@/components/paged-list/use-list-state';
import { useTaskChoices } from '../api/list-task-choices';

export interface PickedTask {
  id: number;
  name: string;
}

/**
 * The variant's tasks: a paged, searchable list with checkboxes. The order of picking is the
 * order of the variant, shown as 1, 2, 3 beside the picked ones; unpicking renumbers the rest.
 */
export function TaskPicker({
  value,
  onChange,
}: {
  value: PickedTask[];
  onChange: (tasks: PickedTask[]) => void;
}) {
  const state = useListState();
  const query = useTaskChoices({ page: state.page, pageSize: state.pageSize, search: state.search });
  const headingId = useId();

  const place = (task: TaskDto) => {
    const index = value.findIndex((t) => t.id === task.id);
    return index < 0 ? null : index + 1;
  };
  const toggle = (task: TaskDto, checked: boolean) =>
    onChange(
      checked
        ? [...value.filter((t) => t.id !== task.id), { id: task.id, name: task.name }]
        : value.filter((t) => t.id !== task.id),
    );

  return (
    <Stack spacing={1.5} component="section" aria-labelledby={headingId} onKeyDown={noImplicitSubmit}>
      <Typography id={headingId} variant="subtitle1" component="h3">
        Задания
      </Typography>
      {value.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Отметьте задания в том порядке, в котором ученик будет их выполнять
        </Typography>
      ) : (
        <Box component="ol" aria-label="Порядок заданий" sx={{ m: 0, pl: 3 }} data-testid="picked-tasks">
          {value.map((t) => (
            <li key={t.id}>
              <Typography variant="body2">{t.name}</Typography>
            </li>
          ))}
        </Box>
      )}
      <PagedList state={state} result={toPagedResult(query)}>
        {(tasks) => (
          <CheckList
            label="Задания учителя"
            items={tasks}
            itemKey={(t) => t.id}
            itemLabel={(t) => t.name}
            itemDetail={(t) =>
              `подготовка ${formatDuration(t.preparationDuration)} · ответ ${formatDuration(t.duration)}` +
              // A task cached before questions existed has none.
              ((t.questions?.length ?? 0) > 0 ? ` · вопросов: ${t.questions.length}` : '')
            }
            isChecked={(t) => place(t) !== null}
            onToggle={toggle}
            order={place}
          />
        )}
      </PagedList>
    </Stack>
  );
}
