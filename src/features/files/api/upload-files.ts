import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadResultSchema } from '@/shared/contract/teacher';
import type { PageParams } from '@/shared/paging';
import { uploadForm } from '@/lib/upload';
import { filesListKey } from './list-files';

export interface UploadFilesInput {
  files: File[];
  /** The page the answer should hold (the list the teacher is looking at). */
  page: PageParams;
}

/**
 * POST /api/teacher/files: multipart, one `files` part per file, with upload progress. The
 * answer's `errors` name the files that were refused; the others are stored.
 */
export async function uploadFiles(input: UploadFilesInput, onProgress?: (fraction: number) => void) {
  const query = new URLSearchParams({
    page_size: String(input.page.pageSize),
    page_number: String(input.page.page),
  });
  const data = await uploadForm(
    `/api/teacher/files?${query.toString()}`,
    () => {
      const form = new FormData();
      for (const file of input.files) form.append('files', file, file.name);
      return form;
    },
    onProgress,
  );
  return uploadResultSchema.parse(data);
}

export function useUploadFiles() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationKey: ['teacher', 'files', 'upload'],
    mutationFn: (input: UploadFilesInput) => {
      setProgress(0);
      return uploadFiles(input, setProgress);
    },
    onSettled: () => {
      setProgress(null);
      // Even a refused upload (413/415) may have stored some of the files.
      return queryClient.invalidateQueries({ queryKey: filesListKey });
    },
  });
  return { ...mutation, progress };
}
