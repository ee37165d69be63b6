import PostAddIcon from '@mui/icons-material/PostAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { createLink } from '@tanstack/react-router';
import { useState } from 'react';
import { SUCCESS_TEXT } from '@/shared/messages';
import { ConfirmDeleteDialog } from '@/components/confirm-dialog/confirm-dialog';
import { CreateButton } from '@/components/layout/create-button';
import { LinkedListPage } from '@/components/paged-list/linked-list-page';
import { toPagedResult } from '@/components/paged-list/paged-result';
import { useListState } from '@/components/paged-list/use-list-state';
import { useNotify } from '@/lib/notify';
import { useDeleteExam } from '../api/delete-exam';
import { type ExamSummary, useExamsPage } from '../api/list-exams';
import { tasksWord } from '../model/template-summary';
import { ExamDialog } from './exam-dialog';
import { TemplateDialog, type TemplateVariantCreated } from './template-dialog';

const RouterLink = createLink(Link);

export const TEMPLATE_VARIANT_CREATED = 'Вариант создан: заполните задания';

/** Which dialog is open: a new exam (maybe of a variant just made from a template), or the templates. */
type Creating = { kind: 'exam'; fromTemplate?: TemplateVariantCreated } | { kind: 'template' } | null;

/** What the exam dialog says of a variant just made from a template: where to fill its tasks. */
function TemplateNotice({ created }: { created: TemplateVariantCreated }) {
  const count = created.taskIds.length;
  return (
    <Alert severity="info">
      Вариант «{created.name}» создан: {count} {tasksWord(count)} со временем и критериями экзамена. Тексты
      заданий и аудио вопросов заполните{' '}
      <RouterLink to="/teacher/variants/$id" params={{ id: created.variantId }}>
        на странице варианта
      </RouterLink>{' '}
      — это можно сделать и после создания экзамена.
    </Alert>
  );
}

/**
 * /teacher/exams: search, create (two-step picker), create from an official format (its variant
 * made first, then the exam of it), delete after confirmation, open one.
 */
export function ExamsScreen() {
  const state = useListState();
  const query = useExamsPage({ page: state.page, pageSize: state.pageSize, search: state.search });
  const [creating, setCreating] = useState<Creating>(null);
  const [deleting, setDeleting] = useState<ExamSummary | null>(null);
  const remove = useDeleteExam();
  const notify = useNotify();
  const close = () => setCreating(null);
  const fromTemplate = creating?.kind === 'exam' ? creating.fromTemplate : undefined;

  return (
    <LinkedListPage
      title="Экзамены"
      actions={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<PostAddIcon />}
            onClick={() => setCreating({ kind: 'template' })}
          >
            Создать по образцу ФИПИ
          </Button>
          <CreateButton onClick={() => setCreating({ kind: 'exam' })}>Создать экзамен</CreateButton>
        </Box>
      }
      state={state}
      result={toPagedResult(query)}
      rowTestId="exam-row"
      // No preloading on hover: the exam page loads when it is opened.
      link={(exam) => ({ to: '/teacher/exams/$id', params: { id: exam.id }, preload: false })}
      onDelete={setDeleting}
    >
      {creating?.kind === 'exam' && (
        <ExamDialog
          start={fromTemplate && { name: fromTemplate.name, variantsID: [fromTemplate.variantId] }}
          notice={fromTemplate && <TemplateNotice created={fromTemplate} />}
          onClose={close}
        />
      )}
      {creating?.kind === 'template' && (
        <TemplateDialog
          onClose={close}
          onCreated={(created) => {
            notify.success(TEMPLATE_VARIANT_CREATED);
            // Straight on to the exam of it: from nothing to an exam in one go.
            setCreating({ kind: 'exam', fromTemplate: created });
          }}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          title="Удалить экзамен?"
          text={`Экзамен «${deleting.name}» будет удален вместе с аудиозаписями учеников и комментариями к ним.`}
          remove={remove}
          id={deleting.id}
          done={SUCCESS_TEXT.examDeleted}
          onClose={() => setDeleting(null)}
        />
      )}
    </LinkedListPage>
  );
}
