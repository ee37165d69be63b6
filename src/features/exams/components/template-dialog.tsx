import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import type { ExamTemplate } from '@/shared/contract/teacher';
import { FormDialog, NameField } from '@/components/form-dialog/form-dialog';
import { useNotify } from '@/lib/notify';
import { useCreateTemplateVariant } from '../api/create-template-variant';
import { useTemplates } from '../api/list-templates';
import { templateSummary } from '../model/template-summary';

/** What the template dialog made: the variant (named as the teacher said) and its tasks. */
export interface TemplateVariantCreated {
  variantId: number;
  taskIds: number[];
  name: string;
}

function TemplateChoice({ template }: { template: ExamTemplate }) {
  const summary = templateSummary(template);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="template">
      <FormControlLabel
        value={template.key}
        control={<Radio />}
        label={<Typography sx={{ fontWeight: 500 }}>{template.name}</Typography>}
      />
      <Box sx={{ pl: 4 }}>
        <Typography variant="body2" color="text.secondary">
          {summary.tasks} · {summary.max}
        </Typography>
        <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {summary.lines.map((line, i) => (
            <Typography component="li" variant="body2" key={i}>
              {line.name}
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {' '}
                — {line.detail}
              </Box>
            </Typography>
          ))}
        </Box>
      </Box>
    </Paper>
  );
}

/**
 * 'Создать по образцу ФИПИ': the official oral formats, each with its tasks, times and maximum;
 * the chosen one becomes the teacher's own tasks and a variant of them, named as the teacher
 * says (the format's name unless typed).
 */
export function TemplateDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: TemplateVariantCreated) => void;
}) {
  const templates = useTemplates();
  const create = useCreateTemplateVariant();
  const notify = useNotify();
  const headingId = useId();
  const [key, setKey] = useState<string | null>(null);
  const [typedName, setTypedName] = useState<string | null>(null);
  const list = templates.data?.templates ?? [];
  const chosen = list.find((t) => t.key === key) ?? list[0];
  const name = typedName ?? chosen?.name ?? '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    create.mutate(
      { key: chosen.key, name },
      { onSuccess: (result) => onCreated({ ...result, name }), onError: notify.apiError },
    );
  };

  return (
    <FormDialog
      title="Создать по образцу ФИПИ"
      loading={create.isPending}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Создать"
    >
      <Typography variant="body2" color="text.secondary">
        Образец создаст ваши задания (время, вопросы, критерии) и вариант из них. Останется вписать тексты
        заданий и выбрать аудио вопросов.
      </Typography>
      <NameField value={name} onChange={setTypedName} />
      <Box component="section" aria-labelledby={headingId}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          Образец
        </Typography>
        {templates.isPending ? (
          <CircularProgress aria-label="Загрузка" />
        ) : list.length === 0 ? (
          <Alert severity={templates.isError ? 'error' : 'info'}>
            {templates.isError ? 'Не удалось загрузить образцы' : 'Образцов нет'}
          </Alert>
        ) : (
          <RadioGroup
            aria-labelledby={headingId}
            name="template"
            value={chosen?.key ?? ''}
            onChange={(e) => setKey(e.target.value)}
            sx={{ gap: 1 }}
          >
            {list.map((t) => (
              <TemplateChoice key={t.key} template={t} />
            ))}
          </RadioGroup>
        )}
      </Box>
    </FormDialog>
  );
}
