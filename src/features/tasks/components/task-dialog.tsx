import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { TASK_TYPES, type FileDto, type TaskDto, type TaskType } from '@/shared/contract/teacher';
import { SUCCESS_TEXT } from '@/shared/messages';
import { FormDialog, NameField } from '@/components/form-dialog/form-dialog';
import { RadioChoice } from '@/components/radio-choice/radio-choice';
import { RichTextEditor } from '@/components/rich-text/rich-text-editor';
import { isRichTextEmpty } from '@/components/rich-text/rich-text-view';
import { useNotify } from '@/lib/notify';
import { useCreateTask } from '../api/create-task';
import { useUpdateTask } from '../api/update-task';
import { TASK_TYPE_LABEL } from '../task-type';
import { CriteriaField, criteriaOf, criterionDrafts, type CriterionDraft } from './criteria-field';
import { DurationField, parseSeconds } from './duration-field';
import { FilePicker } from './file-picker';
import { ModelAnswerField, type ModelAnswerDraft } from './model-answer-field';
import { QuestionsField } from './questions-field';
import {
  answerTotal,
  questionDrafts,
  questionErrorLines,
  questionErrors,
  questionsOf,
  type QuestionDraft,
} from '../model/question-drafts';

interface TaskForm {
  name: string;
  type: TaskType | null;
  duration: string;
  preparationDuration: string;
  text: string;
  files: FileDto[];
  criteria: CriterionDraft[];
  questions: QuestionDraft[];
  modelAnswer: ModelAnswerDraft;
}

const EMPTY_FORM: TaskForm = {
  name: '',
  type: null,
  duration: '',
  preparationDuration: '',
  text: '',
  files: [],
  criteria: [],
  questions: [],
  modelAnswer: { text: '', fileId: null },
};

const formOf = (task: TaskDto): TaskForm => ({
  name: task.name,
  type: task.type,
  duration: String(task.duration),
  preparationDuration: String(task.preparationDuration),
  text: task.text,
  files: task.files,
  criteria: criterionDrafts(task.criteria),
  // A task cached before questions existed has none.
  questions: questionDrafts(task.questions ?? []),
  modelAnswer: { text: task.modelAnswer?.text ?? '', fileId: task.modelAnswer?.file?.id ?? null },
});

/** The task's answer time as its field shows it: with questions, the sum of theirs. */
const durationShown = (form: TaskForm): string => {
  if (form.questions.length === 0) return form.duration;
  const total = answerTotal(form.questions);
  return total === null ? '' : String(total);
};

/**
 * Creates a task, or edits `task` when given (its type stays as it was created). Mount it afresh
 * for each opening: the fields start from the task, and Cancel drops every change.
 */
export function TaskDialog({ task, onClose }: { task?: TaskDto; onClose: () => void }) {
  const [form, setForm] = useState<TaskForm>(() => (task ? formOf(task) : EMPTY_FORM));
  const notify = useNotify();
  const create = useCreateTask();
  const update = useUpdateTask();
  const loading = create.isPending || update.isPending;
  // The questions' errors show once a save was tried, and follow the edits from then on.
  const [checked, setChecked] = useState(false);
  const set = <K extends keyof TaskForm>(key: K, value: TaskForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  // Without questions again, the answer time starts from what their sum was.
  const setQuestions = (questions: QuestionDraft[]) =>
    setForm((f) => ({ ...f, questions, duration: durationShown(f) }));
  const errors = checked ? questionErrors(form.questions) : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The questions are checked by the contract's rules here: its messages do not say which one.
    const problems = questionErrorLines(questionErrors(form.questions));
    setChecked(true);
    if (problems.length > 0) {
      problems.forEach((text) => notify.error(text));
      return;
    }
    const fields = {
      name: form.name,
      text: form.text,
      // An empty field goes as no value, so the server names the field in its answer.
      duration: parseSeconds(durationShown(form)) as number,
      preparationDuration: parseSeconds(form.preparationDuration) as number,
      files: form.files.map((f) => f.id),
      criteria: criteriaOf(form.criteria),
      // Sent always, [] too: the dialog shows them all, so what it holds is what the task has.
      questions: questionsOf(form.questions),
      // Sent always, null too: the dialog shows the model answer, so what it holds is the task's.
      modelAnswerText: isRichTextEmpty(form.modelAnswer.text) ? null : form.modelAnswer.text,
      modelAnswerFileId: form.modelAnswer.fileId,
    };
    if (task) {
      update.mutate(
        { ...fields, id: task.id },
        {
          onSuccess: () => {
            notify.success(SUCCESS_TEXT.taskUpdated);
            onClose();
          },
          onError: notify.apiError,
        },
      );
      return;
    }
    // The type has to be chosen.
    if (!form.type) {
      notify.error('Выберите тип задания');
      return;
    }
    create.mutate(
      { ...fields, type: form.type },
      {
        onSuccess: () => {
          notify.success(SUCCESS_TEXT.taskCreated);
          onClose();
        },
        onError: notify.apiError,
      },
    );
  };

  return (
    <FormDialog
      title={task ? 'Редактирование задания' : 'Новое задание'}
      loading={loading}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={task ? 'Сохранить' : 'Создать'}
    >
      <NameField value={form.name} onChange={(name) => set('name', name)} />
      <RadioChoice
        label="Тип задания"
        name="type"
        value={form.type ?? ''}
        options={TASK_TYPES.map((type) => ({ value: type, label: TASK_TYPE_LABEL[type] }))}
        onChange={(type) => set('type', type)}
        disabled={Boolean(task)}
      />
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {/* In the exam's order: the preparation comes first, then the answer. */}
        <DurationField
          label="Время на подготовку, сек"
          name="preparationDuration"
          value={form.preparationDuration}
          onChange={(v) => set('preparationDuration', v)}
        />
        <DurationField
          label="Время на ответ, сек"
          name="duration"
          value={durationShown(form)}
          onChange={(v) => set('duration', v)}
          readOnly={form.questions.length > 0}
          helperText={form.questions.length > 0 ? 'Складывается из времени ответов на вопросы' : undefined}
        />
      </Stack>
      <RichTextEditor label="Текст задания" initialValue={form.text} onChange={(html) => set('text', html)} />
      <QuestionsField
        value={form.questions}
        onChange={setQuestions}
        errors={errors}
        knownFiles={task?.questions?.flatMap((q) => (q.file ? [q.file] : [])) ?? []}
      />
      <FilePicker value={form.files} onChange={(files) => set('files', files)} />
      <CriteriaField value={form.criteria} onChange={(criteria) => set('criteria', criteria)} />
      <ModelAnswerField
        value={form.modelAnswer}
        onChange={(modelAnswer) => set('modelAnswer', modelAnswer)}
        knownFile={task?.modelAnswer?.file ?? null}
      />
    </FormDialog>
  );
}
