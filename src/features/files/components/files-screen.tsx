import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { FileDto } from '@/shared/contract/teacher';
import { DEFAULT_SECTION_PAGE_SIZE } from '@/shared/pager';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { Page } from '@/components/layout/page';
import { PagedList } from '@/components/paged-list/paged-list';
import { toPagedResult } from '@/components/paged-list/paged-result';
import { useListState } from '@/components/paged-list/use-list-state';
import { useNotify } from '@/lib/notify';
import { useDeleteFile } from '../api/delete-file';
import { useFilesPage } from '../api/list-files';
import { useRenameFile } from '../api/rename-file';
import { FileCard } from './file-card';
import { UploadArea } from './upload-area';

/** /teacher/files: upload, search, rename inline (one at a time) and delete. */
export function FilesScreen() {
  const state = useListState(DEFAULT_SECTION_PAGE_SIZE);
  const page = { page: state.page, pageSize: state.pageSize };
  const query = useFilesPage({ ...page, search: state.search });
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<FileDto | null>(null);
  const rename = useRenameFile();
  const remove = useDeleteFile();
  const notify = useNotify();

  const submitRename = (id: number, name: string) => {
    rename.mutate(
      { id, name, page },
      {
        onSuccess: () => setEditingId(null),
        onError: notify.apiError,
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { id: deleting.id, page },
      {
        onSuccess: () => setDeleting(null),
        onError: (error) => {
          setDeleting(null);
          notify.apiError(error);
        },
      },
    );
  };

  return (
    <Page title="Файлы">
      <Stack spacing={3}>
        <UploadArea page={page} />
        <PagedList state={state} result={toPagedResult(query)}>
          {(files) => (
            <Grid
              container
              spacing={2}
              component="ul"
              aria-label="Файлы"
              sx={{ listStyle: 'none', p: 0, m: 0 }}
            >
              {files.map((file) => (
                <Grid key={file.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }} component="li">
                  <FileCard
                    file={file}
                    editing={editingId === file.id}
                    saving={rename.isPending}
                    onEdit={() => setEditingId(file.id)}
                    onCancel={() => setEditingId(null)}
                    onRename={(name) => submitRename(file.id, name)}
                    onDelete={() => setDeleting(file)}
                  />
                </Grid>
              ))}
            </Grid>
          )}
        </PagedList>
      </Stack>
      {deleting && (
        <ConfirmDialog
          title="Удалить файл?"
          text={`Файл «${deleting.name}» будет удален, в том числе из заданий, где он используется.`}
          loading={remove.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Page>
  );
}
