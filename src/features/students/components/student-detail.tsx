import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createLink } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import { Page } from '../../../components/layout/page';
import { PagedList } from '../../../components/paged-list/paged-list';
import { toPagedResult } from '../../../components/paged-list/paged-result';
import { useListState } from '../../../components/paged-list/use-list-state';
import { useHrefClick } from '../../../lib/href-navigation';
import { useStudent } from '../api/get-student';
import { useStudentAudios } from '../api/list-student-audios';
import { useStudentExams } from '../api/list-student-exams';
import { fullName } from '../full-name';

const LinkButton = createLink(Button);

export function BackToStudentsButton() {
  return (
    <LinkButton to="/teacher/students" startIcon={<ArrowBackIcon />}>
      К списку
    </LinkButton>
  );
}

type Section = 'exams' | 'audios';

function ExamsList({ studentId }: { studentId: number }) {
  const state = useListState();
  const query = useStudentExams(studentId, {
    page: state.page,
    pageSize: state.pageSize,
    search: state.search,
  });
  const hrefClick = useHrefClick();
  return (
    <PagedList state={state} result={toPagedResult(query)}>
      {(exams) => (
        <Paper variant="outlined">
          <List aria-label="Экзамены ученика" disablePadding>
            {exams.map((exam) => {
              const href = `/teacher/exams/${exam.id}`;
              return (
                <ListItem key={exam.id} divider disablePadding data-testid="student-exam-row">
                  <ListItemButton component="a" href={href} onClick={hrefClick(href)}>
                    <ListItemText primary={exam.name} />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        </Paper>
      )}
    </PagedList>
  );
}

function AudiosList({ studentId }: { studentId: number }) {
  const state = useListState();
  const query = useStudentAudios(studentId, {
    page: state.page,
    pageSize: state.pageSize,
    search: state.search,
  });
  const hrefClick = useHrefClick();
  return (
    <PagedList state={state} result={toPagedResult(query)}>
      {(audios) => (
        <Paper variant="outlined">
          <List aria-label="Аудиозаписи ученика" disablePadding>
            {audios.map((audio) => {
              const href = `/teacher/audios/${audio.id}`;
              return (
                <ListItem key={audio.id} divider disablePadding data-testid="student-audio-row">
                  <ListItemButton component="a" href={href} onClick={hrefClick(href)}>
                    <ListItemIcon>
                      {audio.checked ? (
                        <CheckCircleIcon color="success" aria-label="Проверено" />
                      ) : (
                        <RadioButtonUncheckedIcon aria-label="Не проверено" />
                      )}
                    </ListItemIcon>
                    <ListItemText primary={audio.name} secondary={formatDateTime(audio.date)} />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        </Paper>
      )}
    </PagedList>
  );
}

/** /teacher/students/{id}: who the student is, and their exams or recordings. */
export function StudentDetail({ id }: { id: number }) {
  const { data: student } = useStudent(id);
  const [section, setSection] = useState<Section>('exams');
  const labelId = useId();
  return (
    <Page title={fullName(student)} actions={<BackToStudentsButton />}>
      <Stack spacing={2}>
        <Typography color="text.secondary" data-testid="student-contact">
          @{student.username} · {student.email}
        </Typography>
        <FormControl>
          <FormLabel id={labelId}>Показать</FormLabel>
          <RadioGroup
            row
            aria-labelledby={labelId}
            value={section}
            onChange={(e) => setSection(e.target.value as Section)}
          >
            <FormControlLabel value="exams" control={<Radio />} label="Экзамены" />
            <FormControlLabel value="audios" control={<Radio />} label="Аудиозаписи" />
          </RadioGroup>
        </FormControl>
        {section === 'exams' ? <ExamsList studentId={id} /> : <AudiosList studentId={id} />}
      </Stack>
    </Page>
  );
}
