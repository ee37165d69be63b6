import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filesPageSchema } from '@/shared/contract/teacher';
import type { PageParams } from '@/shared/paging';
import { api } from '@/lib/api-client';
import { filesListKey } from './list-files';

export interface RenameFileInput {
  id: number;
  name: string;
  page: PageParams;
}

/** PATCH /api/teacher/files: renames a file; answers a page of the list. */
export const renameFile = ({ id, name, page }: RenameFileInput) =>
  api('/api/teacher/files', {
    method: 'PATCH',
    body: { id, name },
    query: { page_size: page.pageSize, page_number: page.page },
    schema: filesPageSchema,
  });

export function useRenameFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teacher', 'files', 'rename'],
    mutationFn: renameFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesListKey }),
  });
}
