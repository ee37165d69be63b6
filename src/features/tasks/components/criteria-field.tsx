import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CRITERIA_MAX,
  CRITERION_NAME_MAX,
  CRITERION_POINTS_MAX,
  type Criterion,
} from '@/shared/contract/teacher';
import { uuid } from '@/lib/uuid';

/** A criterion as the form edits it: the points as typed, a key that survives reordering. */
export interface CriterionDraft {
  key: string;
  name: string;
  maxPoints: string;
}

export const criterionDrafts = (criteria: Criterion[]): CriterionDraft[] =>
  criteria.map((c) => ({ key: uuid(), name: c.name, maxPoints: String(c.maxPoints) }));

/** What the form sends; an empty maximum goes as no value so the server names the field. */
export const criteriaOf = (drafts: CriterionDraft[]) =>
  drafts.map((d) => ({
    name: d.name,
    maxPoints: (d.maxPoints.trim() === '' ? undefined : Number(d.maxPoints)) as number,
  }));

/** The criteria a task's answers are graded by: add, rename, reorder, remove. */
export function CriteriaField({
  value,
  onChange,
}: {
  value: CriterionDraft[];
  onChange: (value: CriterionDraft[]) => void;
}) {
  const change = (index: number, patch: Partial<CriterionDraft>) =>
    onChange(value.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    onChange(next);
  };
  return (
    <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1">
        Критерии оценивания
      </Typography>
      {value.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Без критериев ответы на задание не оцениваются баллами.
        </Typography>
      )}
      {value.map((d, i) => (
        // On a phone the name takes its own line (it was squeezed to a few pixels beside the rest).
        <Stack
          key={d.key}
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          data-testid="criterion-row"
        >
          <TextField
            label={`Критерий ${i + 1}`}
            size="small"
            value={d.name}
            onChange={(e) => change(i, { name: e.target.value })}
            sx={{ flex: '1 1 14rem', minWidth: '12rem' }}
            slotProps={{ htmlInput: { maxLength: CRITERION_NAME_MAX } }}
          />
          <TextField
            label="Макс. баллов"
            size="small"
            type="number"
            value={d.maxPoints}
            onChange={(e) => change(i, { maxPoints: e.target.value })}
            sx={{ width: 130 }}
            slotProps={{ htmlInput: { min: 1, max: CRITERION_POINTS_MAX, step: 1, inputMode: 'numeric' } }}
          />
          <IconButton aria-label={`Поднять критерий ${i + 1}`} disabled={i === 0} onClick={() => move(i, -1)}>
            <ArrowUpwardIcon />
          </IconButton>
          <IconButton
            aria-label={`Опустить критерий ${i + 1}`}
            disabled={i === value.length - 1}
            onClick={() => move(i, 1)}
          >
            <ArrowDownwardIcon />
          </IconButton>
          <IconButton
            aria-label={`Удалить критерий ${i + 1}`}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          >
            <DeleteOutlined />
          </IconButton>
        </Stack>
      ))}
      <Button
        startIcon={<AddIcon />}
        disabled={value.length >= CRITERIA_MAX}
        onClick={() => onChange([...value, { key: uuid(), name: '', maxPoints: '1' }])}
        sx={{ alignSelf: 'flex-start' }}
      >
        Добавить критерий
      </Button>
    </Stack>
  );
}
