import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useId } from 'react';
import { fullName } from '@/shared/format';
import { SUCCESS_TEXT } from '@/shared/messages';
import { PagedList } from '@/components/paged-list/paged-list';
import { toPagedResult } from '@/components/paged-list/paged-result';
import { useListState } from '@/components/paged-list/use-list-state';
import { useNotify } from '@/lib/notify';
import { useGlobalStudentsPage } from '../api/list-global-students';
import { useSendRequest } from '../api/send-request';
import { OutlinedList } from '@/components/paged-list/outlined-list';
import { usePhoneLayout } from '@/components/layout/use-phone-layout';

const STATUS_LABEL = { pending: 'Заявка отправлена', accepted: 'В вашем списке' } as const;

/** 'Глобальный поиск': every student; the plus sends a request to join the teacher's list. */
export function GlobalSearchDialog({ onClose }: { onClose: () => void }) {
  const state = useListState();
  const query = useGlobalStudentsPage({ page: state.page, pageSize: state.pageSize, search: state.search });
  const send = useSendRequest();
  const notify = useNotify();
  const titleId = useId();

  const request = (id: number) =>
    send.mutate(id, {
      onSuccess: () => notify.success(SUCCESS_TEXT.requestSent),
      // 409: already asked, or already on the list; the message says which.
      onError: notify.apiError,
    });

  const phone = usePhoneLayout();
  return (
    <Dialog
      fullScreen={phone}
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      scroll="paper"
    >
      <DialogTitle id={titleId}>Глобальный поиск</DialogTitle>
      <DialogContent dividers>
        <PagedList state={state} result={toPagedResult(query)}>
          {(students) => (
            <OutlinedList label="Все ученики">
              {students.map((student) => (
                // The action sits in the row's flow, not over it: a status chip is wider than the
                // space a secondary action reserves, and covered the name.
                <ListItem
                  key={student.id}
                  divider
                  data-testid="global-student-row"
                  sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
                >
                  <ListItemText
                    primary={fullName(student)}
                    secondary={`@${student.username}`}
                    sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}
                  />
                  {student.link_status === 'none' ? (
                    <IconButton
                      color="primary"
                      aria-label={`Отправить заявку ${fullName(student)}`}
                      onClick={() => request(student.id)}
                      loading={send.isPending && send.variables === student.id}
                    >
                      <AddIcon />
                    </IconButton>
                  ) : (
                    <Chip size="small" label={STATUS_LABEL[student.link_status]} />
                  )}
                </ListItem>
              ))}
            </OutlinedList>
          )}
        </PagedList>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Закрыть</Button>
      </DialogActions>
    </Dialog>
  );
}
