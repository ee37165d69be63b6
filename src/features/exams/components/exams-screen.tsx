import { useState } from 'react';
import { SUCCESS_TEXT } from '@/shared/messages';
import { ConfirmDeleteDialog } from '@/components/confirm-dialog/confirm-dialog';
import { CreateButton } from '@/components/layout/create-button';
import { LinkedListPage } from '@/components/paged-list/linked-list-page';
import { toPagedResult } from '@/components/paged-list/paged-result';
import { useListState } from '@/components/paged-list/use-list-state';
import { useDeleteExam } from '../api/delete-exam';
import { type ExamSummary, useExamsPage } from '../api/list-exams';
import { ExamDialog } from './exam-dialog';

/** /teacher/exams: search, create (two-step picker), delete after confirmation, open one. */
export function ExamsScreen() {
  const state = useListState();
  const query = useExamsPage({ page: state.page, pageSize: state.pageSize, search: state.search });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ExamSummary | null>(null);
  const remove = useDeleteExam();

  return (
    <LinkedListPage
      title="Экзамены"
      actions={<CreateButton onClick={() => setCreating(true)}>Создать экзамен</CreateButton>}
      state={state}
      result={toPagedResult(query)}
      rowTestId="exam-row"
      // No preloading on hover: the exam page loads when it is opened.
      link={(exam) => ({ to: '/teacher/exams/$id', params: { id: exam.id }, preload: false })}
      onDelete={setDeleting}
    >
      {creating && <ExamDialog onClose={() => setCreating(false)} />}
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
