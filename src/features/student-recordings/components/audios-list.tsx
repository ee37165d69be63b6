import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { createLink } from '@tanstack/react-router';
import { Page } from '../../../components/layout/page';
import { PagedList } from '../../../components/paged-list/paged-list';
import { useListState } from '../../../components/paged-list/use-list-state';
import { formatDateTime } from '../../../shared/format';
import { useAudiosList } from '../api/list-audios';

const LinkItem = createLink(ListItemButton);

export function AudiosList() {
  const state = useListState();
  const query = useAudiosList({ page: state.page, pageSize: state.pageSize, search: state.search });
  return (
    <Page title="Аудиозаписи">
      <PagedList
        state={state}
        result={{
          items: query.data?.audios,
          pages: query.data?.pages,
          isPending: query.isPending,
          isError: query.isError,
        }}
      >
        {(audios) => (
          <Paper variant="outlined">
            <List disablePadding aria-label="Аудиозаписи">
              {audios.map((a) => (
                <LinkItem key={a.id} to="/student/audios/$id" params={{ id: String(a.id) }} divider>
                  <ListItemText primary={a.name} secondary={formatDateTime(a.date)} />
                  {a.checked && <Chip size="small" color="success" label="Проверено" />}
                </LinkItem>
              ))}
            </List>
          </Paper>
        )}
      </PagedList>
    </Page>
  );
}
