import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Page } from '../../../components/layout/page';
import { useExamExtended } from '../api/get-exam-extended';
import { useExamSession } from '../hooks/use-exam-session';
import { TaskView } from './task-view';

export function ExamSessionScreen({ examId, onFinished }: { examId: number; onFinished: () => void }) {
  const { data: exam, isError } = useExamExtended(examId);
  const [variantId, setVariantId] = useState<number | null>(null);
  const session = useExamSession({ examId, examName: exam?.name ?? '', onFinished });

  if (!exam) {
    return (
      <Page title="Экзамен">
        {isError ? (
          <Alert severity="error">Не удалось загрузить экзамен</Alert>
        ) : (
          <CircularProgress aria-label="Загрузка" />
        )}
      </Page>
    );
  }

  if (session.stage === 'running' && session.variant) {
    return (
      <Page title={exam.name}>
        <TaskView variant={session.variant} runner={session.runner} now={session.now} />
      </Page>
    );
  }

  if (session.stage === 'finishing') {
    return (
      <Page title={exam.name}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress aria-label="Сохранение записи" />
          <Typography>Сохранение записи…</Typography>
        </Box>
      </Page>
    );
  }

  return (
    <Page title={exam.name}>
      <Stack spacing={3} sx={{ maxWidth: 560 }}>
        <FormControl>
          <FormLabel id="variant-choice">Вариант</FormLabel>
          <RadioGroup
            aria-labelledby="variant-choice"
            value={variantId ?? ''}
            onChange={(e) => setVariantId(Number(e.target.value))}
          >
            {exam.variants.map((v) => (
              <FormControlLabel key={v.id} value={v.id} control={<Radio />} label={v.name} />
            ))}
          </RadioGroup>
        </FormControl>
        <Typography variant="body2" color="text.secondary">
          Перед каждым заданием идет время на подготовку, затем звучит сигнал и начинается запись ответа.
          Запись сохраняется на устройстве и отправится учителю, даже если связь пропадет.
        </Typography>
        <Box>
          <Button
            variant="contained"
            size="large"
            loading={session.stage === 'starting'}
            onClick={() => void session.start(variantId)}
          >
            Начать экзамен
          </Button>
        </Box>
      </Stack>
    </Page>
  );
}
