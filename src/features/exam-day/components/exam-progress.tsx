import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { ImportAnswersDialog } from '@/components/import-answers/import-answers-dialog';
import { useImportExamAnswers } from '../api/import-exam-answers';
import { useEffect, useState } from 'react';
import { useLiveExamProgress } from '../hooks/use-live-exam-progress';
import { progressStatusText } from '../model/progress-status';

/** The minutes since a device was last heard move on without an event. */
const TICK_MS = 30_000;

/** 'Ход экзамена': one row per assigned student saying where the answer is, live. */
export function ExamProgress({ examId }: { examId: number }) {
  const query = useLiveExamProgress(examId);
  const importAnswers = useImportExamAnswers(examId);
  const [importing, setImporting] = useState(false);
  const studentName = (id: number) => {
    const student = query.data?.students.find((s) => s.id === id);
    return student && `${student.surname} ${student.name}`;
  };
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  // The clock moves on with each new answer too.
  const dataAt = query.dataUpdatedAt;
  const shownAt = Math.max(now, dataAt);

  return (
    <Box component="section" aria-labelledby="exam-progress-title" data-testid="exam-progress" sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id="exam-progress-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Ход экзамена
        </Typography>
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
          Загрузить ответы из файлов
        </Button>
      </Box>
      {query.data === undefined ? (
        <Typography color="text.secondary">{query.isError ? 'Не удалось загрузить' : 'Загрузка…'}</Typography>
      ) : query.data.students.length === 0 ? (
        <Typography color="text.secondary">Экзамен никому не назначен</Typography>
      ) : (
        <List aria-label="Ход экзамена" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 0 }}>
          {query.data.students.map((student) => (
            <ListItem key={student.id} divider data-testid="progress-row">
              <ListItemText
                primary={`${student.surname} ${student.name}`}
                secondary={progressStatusText(student, shownAt)}
                sx={{ overflowWrap: 'anywhere' }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {importing && (
        <ImportAnswersDialog
          title="Загрузить ответы из файлов"
          upload={(files) => importAnswers.mutateAsync(files)}
          studentName={studentName}
          onClose={() => setImporting(false)}
        />
      )}
    </Box>
  );
}
