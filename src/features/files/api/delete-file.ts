import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filesPageSchema } from '@/shared/contract/teacher';
import type { PageParams } from '@/shared/paging';
import { api } from '@/lib/api-client';
import { filesListKey } from './list-files';

export interface DeleteFileInput {
  id: number;
  page: PageParams;
}

/** DELETE /api/teacher/file/{id}: answers a page of the list. */
export const deleteFile = ({ id, page }: DeleteFileInput) =>
  api(`/api/teacher/file/${id}`, {
    method: 'DELETE',
    query: { page_size: page.pageSize, page_number: page.page },
    schema: filesPageSchema,
  });

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teacher', 'files', 'delete'],
    mutationFn: deleteFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesListKey }),
  });
}
