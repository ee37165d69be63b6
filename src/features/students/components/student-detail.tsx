import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import { BackToListButton } from '../../../components/layout/back-to-list-button';
import { Page } from '../../../components/layout/page';
import { LinkedRows } from '../../../components/paged-list/linked-rows';
import { PagedList } from '../../../components/paged-list/paged-list';
import { toPagedResult } from '../../../components/paged-list/paged-result';
import { useListState } from '../../../components/paged-list/use-list-state';
import { useStudent } from '../api/get-student';
import { useStudentAudios } from '../api/list-student-audios';
import { useStudentExams } from '../api/list-student-exams';
import { fullName } from '../full-name';

type Section = 'exams' | 'audios';

function ExamsList({ studentId }: { studentId: number }) {
  const state = useListState();
  const query = useStudentExams(studentId, {
    page: state.page,
    pageSize: state.pageSize,
    search: state.search,
  });
  return (
    <PagedList state={state} result={toPagedResult(query)}>
      {(exams) => (
        <LinkedRows
          label="Экзамены ученика"
          items={exams}
          rowTestId="student-exam-row"
          link={(exam) => ({ to: '/teacher/exams/$id', params: { id: String(exam.id) }, preload: false })}
        />
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
  return (
    <PagedList state={state} result={toPagedResult(query)}>
      {(audios) => (
        <LinkedRows
          label="Аудиозаписи ученика"
          items={audios}
          rowTestId="student-audio-row"
          link={(audio) => ({ to: '/teacher/audios/$id', params: { id: String(audio.id) }, preload: false })}
          icon={(audio) =>
            audio.checked ? (
              <CheckCircleIcon color="success" aria-label="Проверено" />
            ) : (
              <RadioButtonUncheckedIcon aria-label="Не проверено" />
            )
          }
          secondary={(audio) => formatDateTime(audio.date)}
        />
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
    <Page title={fullName(student)} actions={<BackToListButton to="/teacher/students" />}>
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
