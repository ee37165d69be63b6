import { LinkedListPage } from '../../../components/paged-list/linked-list-page';
import { RECORDING_ROW } from '../../../components/paged-list/recording-rows';
import { useListState } from '../../../components/paged-list/use-list-state';
import { useAudiosList } from '../api/list-audios';

export function AudiosList() {
  const state = useListState();
  const query = useAudiosList({ page: state.page, pageSize: state.pageSize, search: state.search });
  return (
    <LinkedListPage
      title="Аудиозаписи"
      state={state}
      result={{
        items: query.data?.audios,
        pages: query.data?.pages,
        isPending: query.isPending,
        isError: query.isError,
      }}
      link={(a) => ({ to: '/student/audios/$id', params: { id: String(a.id) } })}
      {...RECORDING_ROW}
    />
  );
}
