import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { EXAM_ATTEMPTS_MAX, type ExamRules } from '@/shared/contract/teacher';
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
import {
  type ExamRulesDraft,
  type ExamRulesErrors,
  rulesDraftOf,
  rulesErrors,
  rulesOf,
} from '../model/exam-rules';

/** What the dialog edits of an existing exam (GET /api/teacher/exam/{id} has all of it). */
export interface ExamDialogExam extends Partial<ExamRules> {
  id: number;
  name: string;
  variantsID: number[];
  studentsID: number[];
}

/** What a new exam starts with (a variant just made from a template, named after it). */
export interface ExamDialogStart {
  name: string;
  variantsID: number[];
}

/**
 * 'Попыток' (empty: no limit) and the window 'Открывается'–'Закрывается' (datetime-local in the
 * device's time zone; empty: no bound), each with the contract's message under it.
 */
function RulesFields({
  value,
  errors,
  onChange,
}: {
  value: ExamRulesDraft;
  errors: ExamRulesErrors;
  onChange: (value: ExamRulesDraft) => void;
}) {
  const set = (key: keyof ExamRulesDraft) => (e: { target: { value: string } }) =>
    onChange({ ...value, [key]: e.target.value });
  const field = { sx: { flex: '1 1 200px', minWidth: 0 }, slotProps: { inputLabel: { shrink: true } } };
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
      <TextField
        {...field}
        label="Попыток"
        name="attempts"
        type="number"
        placeholder="без ограничений"
        value={value.attempts}
        onChange={set('attempts')}
        error={Boolean(errors.attempts)}
        helperText={errors.attempts}
        slotProps={{
          ...field.slotProps,
          htmlInput: { min: 1, max: EXAM_ATTEMPTS_MAX, step: 1, inputMode: 'numeric' },
        }}
      />
      <TextField
        {...field}
        label="Открывается"
        name="opensAt"
        type="datetime-local"
        value={value.opensAt}
        onChange={set('opensAt')}
        error={Boolean(errors.opensAt)}
        helperText={errors.opensAt}
      />
      <TextField
        {...field}
        label="Закрывается"
        name="closesAt"
        type="datetime-local"
        value={value.closesAt}
        onChange={set('closesAt')}
        error={Boolean(errors.closesAt)}
        helperText={errors.closesAt}
      />
    </Stack>
  );
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
 * The exam's name, attempts and window, then the two-step picker: variants ('Далее'), then
 * students ('Назад', and 'Создать' or, given an `exam`, 'Обновить'). A new exam may `start`
 * with a name and variants, and the dialog may say a `notice` first. Mount it afresh for each
 * opening.
 */
export function ExamDialog({
  exam,
  start,
  notice,
  onClose,
}: {
  exam?: ExamDialogExam;
  start?: ExamDialogStart;
  notice?: ReactNode;
  onClose: () => void;
}) {
  const [name, setName] = useState(exam?.name ?? start?.name ?? '');
  const [rules, setRules] = useState<ExamRulesDraft>(() => rulesDraftOf(exam));
  const [variants, setVariants] = useState<number[]>(exam?.variantsID ?? start?.variantsID ?? []);
  const [students, setStudents] = useState<number[]>(exam?.studentsID ?? []);
  const [step, setStep] = useState<Step>('variants');
  const notify = useNotify();
  const create = useCreateExam();
  const update = useUpdateExam();
  const loading = create.isPending || update.isPending;
  const errors = rulesErrors(rules);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Enter in the name field on the first step moves on rather than saving half a choice.
    if (step === 'variants') {
      setStep('students');
      return;
    }
    // The rules' errors are on screen already; said again where the button was pressed.
    const problems = Object.values(errors);
    if (problems.length > 0) {
      problems.forEach((text) => notify.error(text));
      return;
    }
    const done = (text: string) => () => {
      notify.success(text);
      onClose();
    };
    if (exam) {
      update.mutate(
        { id: exam.id, name, variantsID: variants, studentsID: students, ...rulesOf(rules) },
        { onSuccess: done(SUCCESS_TEXT.examUpdated), onError: notify.apiError },
      );
    } else {
      create.mutate(
        { name, variants, students, ...rulesOf(rules) },
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
      {notice}
      <NameField label="Название экзамена" value={name} onChange={setName} />
      <RulesFields value={rules} errors={errors} onChange={setRules} />
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
