import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { fullName } from '@/shared/format';
import { BackToListButton } from '@/components/layout/back-to-list-button';
import { Page } from '@/components/layout/page';
import { RadioChoice } from '@/components/radio-choice/radio-choice';
import { LinkedRows } from '@/components/paged-list/linked-rows';
import { PagedList } from '@/components/paged-list/paged-list';
import { recordingSecondary } from '@/components/paged-list/recording-rows';
import { toPagedResult } from '@/components/paged-list/paged-result';
import { useListState } from '@/components/paged-list/use-list-state';
import { useStudent } from '../api/get-student';
import { useStudentRecordings } from '../api/list-student-recordings';
import { useStudentExams } from '../api/list-student-exams';

const SECTIONS = [
  { value: 'exams', label: 'Экзамены' },
  { value: 'audios', label: 'Аудиозаписи' },
] as const;

type Section = (typeof SECTIONS)[number]['value'];

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
          link={(exam) => ({ to: '/teacher/exams/$id', params: { id: exam.id }, preload: false })}
        />
      )}
    </PagedList>
  );
}

function OwnRecordingsList({ studentId }: { studentId: number }) {
  const state = useListState();
  const query = useStudentRecordings(studentId, {
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
          link={(audio) => ({ to: '/teacher/audios/$id', params: { id: audio.id }, preload: false })}
          icon={(audio) =>
            audio.checked ? (
              <CheckCircleIcon color="success" aria-label="Проверено" />
            ) : (
              <RadioButtonUncheckedIcon aria-label="Не проверено" />
            )
          }
          secondary={(audio) => recordingSecondary(audio, true)}
        />
      )}
    </PagedList>
  );
}

/** /teacher/students/{id}: who the student is, and their exams or recordings. */
export function StudentDetail({ id }: { id: number }) {
  const { data: student } = useStudent(id);
  const [section, setSection] = useState<Section>('exams');
  return (
    <Page title={fullName(student)} actions={<BackToListButton to="/teacher/students" />}>
      <Stack spacing={2}>
        <Typography color="text.secondary" data-testid="student-contact">
          @{student.username} · {student.email}
        </Typography>
        <RadioChoice label="Показать" value={section} options={SECTIONS} onChange={setSection} />
        {section === 'exams' ? <ExamsList studentId={id} /> : <OwnRecordingsList studentId={id} />}
      </Stack>
    </Page>
  );
}
