import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_MAX } from '@/shared/contract/common';
import { filesPageSchema, type FileDto } from '@/shared/contract/teacher';
import type { Page, PageParams } from '@/shared/paging';
import { isAudioFile } from '@/components/task-media/task-media';
import { getPage } from '@/lib/paged-get';

/** The teacher's files for the task's file picker (GET /api/teacher/files[/search]). */
export const listFileChoices = (p: PageParams): Promise<Page<FileDto>> =>
  getPage('/api/teacher/files', 'files', filesPageSchema, p);

export const fileChoicesQuery = (p: PageParams) =>
  queryOptions({
    queryKey: ['teacher', 'tasks', 'file-choices', p] as const,
    queryFn: () => listFileChoices(p),
    placeholderData: keepPreviousData,
    // Files come and go on another screen: the picker asks again each time it opens.
    staleTime: 0,
  });

export const useFileChoices = (p: PageParams) => useQuery(fileChoicesQuery(p));

/** How many pages of the largest size the questions' audio choice reads at most. */
export const AUDIO_CHOICE_PAGES_MAX = 10;

/**
 * The teacher's audio files, by name, for a question's audio (the same list, read page by page
 * at the largest size; the list has no filter by type, so the rest are left out here).
 */
export async function listAudioFileChoices(): Promise<FileDto[]> {
  const audio: FileDto[] = [];
  for (let page = 0; page < AUDIO_CHOICE_PAGES_MAX; page++) {
    const result = await listFileChoices({ page, pageSize: PAGE_SIZE_MAX });
    audio.push(...result.items.filter(isAudioFile));
    if (page + 1 >= result.pages) break;
  }
  return audio;
}

export const audioFileChoicesQuery = () =>
  queryOptions({
    queryKey: ['teacher', 'tasks', 'audio-choices'] as const,
    queryFn: listAudioFileChoices,
    // Asked again each time the dialog opens, like the file picker.
    staleTime: 0,
  });

export const useAudioFileChoices = () => useQuery(audioFileChoicesQuery());
