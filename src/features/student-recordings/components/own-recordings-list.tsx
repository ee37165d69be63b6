import { LinkedListPage } from '@/components/paged-list/linked-list-page';
import { toPagedResult } from '@/components/paged-list/paged-result';
import { RECORDING_ROW } from '@/components/paged-list/recording-rows';
import { useListState } from '@/components/paged-list/use-list-state';
import { useOwnRecordings } from '../api/list-own-recordings';

export function OwnRecordingsList() {
  const state = useListState();
  const query = useOwnRecordings({ page: state.page, pageSize: state.pageSize, search: state.search });
  return (
    <LinkedListPage
      title="Аудиозаписи"
      state={state}
      result={toPagedResult(query)}
      link={(a) => ({ to: '/student/audios/$id', params: { id: a.id } })}
      {...RECORDING_ROW}
    />
  );
}
