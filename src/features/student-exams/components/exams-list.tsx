import { LinkedListPage } from '@/components/paged-list/linked-list-page';
import { toPagedResult } from '@/components/paged-list/paged-result';
import { useListState } from '@/components/paged-list/use-list-state';
import { useExamsList } from '../api/list-student-exams';

export function ExamsList() {
  const state = useListState();
  const query = useExamsList({ page: state.page, pageSize: state.pageSize, search: state.search });
  return (
    <LinkedListPage
      title="Экзамены"
      state={state}
      result={toPagedResult(query)}
      link={(exam) => ({ to: '/student/exams/$id', params: { id: exam.id } })}
    />
  );
}
