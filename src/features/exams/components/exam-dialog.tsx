import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { fullName } from '@/shared/format';
import { SUCCESS_TEXT } from '@/shared/messages';
import { DEFAULT_SECTION_PAGE_SIZE } from '@/shared/pager';
import { FormDialog, NameField } from '@/components/form-dialog/form-dialog';
import { CheckList } from '@/components/paged-list/check-list';
import { noImplicitSubmit } from '@/components/paged-list/no-implicit-submit';
import { PagedList } from '@/components/paged-list/paged-list';
import { toPagedResult } from '@/components/paged-list/paged-result';
import { useListState } from '@/components/paged-list/use-list-state';
import { useNotify } from '@/lib/notify';
import { useCreateExam } from '../api/create-exam';
import { useStudentChoices } from '../api/list-student-choices';
import { useVariantChoices } from '../api/list-variant-choices';
import { useUpdateExam } from '../api/update-exam';

/** What the dialog edits of an existing exam (GET /api/teacher/exam/{id} has all of it). */
export interface ExamDialogExam {
  id: number;
  name: string;
  variantsID: number[];
  studentsID: number[];
}

type Step = 'variants' | 'students';

const toggled = (ids: number[], id: number, checked: boolean) =>
  checked ? [...ids.filter((x) => x !== id), id] : ids.filter((x) => x !== id);

function VariantsStep({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const state = useListState(DEFAULT_SECTION_PAGE_SIZE);
  const query = useVariantChoices({ page: state.page, pageSize: state.pageSize, search: state.search });
  return (
    <PagedList state={state} result={toPagedResult(query)}>
      {(variants) => (
        <CheckList
          label="Варианты"
          items={variants}
          itemKey={(v) => v.id}
          itemLabel={(v) => v.name}
          isChecked={(v) => value.includes(v.id)}
          onToggle={(v, checked) => onChange(toggled(value, v.id, checked))}
        />
      )}
    </PagedList>
  );
}

function StudentsStep({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const state = useListState(DEFAULT_SECTION_PAGE_SIZE);
  const query = useStudentChoices({ page: state.page, pageSize: state.pageSize, search: state.search });
  return (
    <PagedList state={state} result={toPagedResult(query)}>
      {(students) => (
        <CheckList
          label="Ученики"
          items={students}
          itemKey={(s) => s.id}
          itemLabel={fullName}
          itemDetail={(s) => `@${s.username}`}
          isChecked={(s) => value.includes(s.id)}
          onToggle={(s, checked) => onChange(toggled(value, s.id, checked))}
        />
      )}
    </PagedList>
  );
}

/**
 * The exam's name, then the two-step picker: variants ('Далее'), then students ('Назад', and
 * 'Создать' or, given an `exam`, 'Обновить'). Mount it afresh for each opening.
 */
export function ExamDialog({ exam, onClose }: { exam?: ExamDialogExam; onClose: () => void }) {
  const [name, setName] = useState(exam?.name ?? '');
  const [variants, setVariants] = useState<number[]>(exam?.variantsID ?? []);
  const [students, setStudents] = useState<number[]>(exam?.studentsID ?? []);
  const [step, setStep] = useState<Step>('variants');
  const notify = useNotify();
  const create = useCreateExam();
  const update = useUpdateExam();
  const loading = create.isPending || update.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Enter in the name field on the first step moves on rather than saving half a choice.
    if (step === 'variants') {
      setStep('students');
      return;
    }
    const done = (text: string) => () => {
      notify.success(text);
      onClose();
    };
    if (exam) {
      update.mutate(
        { id: exam.id, name, variantsID: variants, studentsID: students },
        { onSuccess: done(SUCCESS_TEXT.examUpdated), onError: notify.apiError },
      );
    } else {
      create.mutate(
        { name, variants, students },
        { onSuccess: done(SUCCESS_TEXT.examCreated), onError: notify.apiError },
      );
    }
  };

  return (
    <FormDialog
      title={exam ? 'Редактирование экзамена' : 'Новый экзамен'}
      loading={loading}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={step === 'students' ? (exam ? 'Обновить' : 'Создать') : undefined}
      actions={
        step === 'variants' ? (
          <Button variant="contained" onClick={() => setStep('students')}>
            Далее
          </Button>
        ) : (
          <Button onClick={() => setStep('variants')} disabled={loading}>
            Назад
          </Button>
        )
      }
    >
      <NameField label="Название экзамена" value={name} onChange={setName} />
      <Stepper activeStep={step === 'variants' ? 0 : 1}>
        <Step>
          <StepLabel>Варианты</StepLabel>
        </Step>
        <Step>
          <StepLabel>Ученики</StepLabel>
        </Step>
      </Stepper>
      <Stack spacing={1.5} onKeyDown={noImplicitSubmit}>
        <Typography variant="subtitle1" component="h3">
          {step === 'variants'
            ? `Выберите варианты (выбрано: ${variants.length})`
            : `Выберите учеников (выбрано: ${students.length})`}
        </Typography>
        {step === 'variants' ? (
          <VariantsStep value={variants} onChange={setVariants} />
        ) : (
          <StudentsStep value={students} onChange={setStudents} />
        )}
      </Stack>
    </FormDialog>
  );
}
