import AudioFileIcon from '@mui/icons-material/AudioFile';
import ImageIcon from '@mui/icons-material/Image';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { FileDto } from '@/shared/contract/teacher';
import { CheckList } from '@/components/paged-list/check-list';
import { noImplicitSubmit } from '@/components/paged-list/no-implicit-submit';
import { PagedList } from '@/components/paged-list/paged-list';
import { toPagedResult } from '@/components/paged-list/paged-result';
import { useListState } from '@/components/paged-list/use-list-state';
import { isAudioFile } from '@/components/task-media/task-media';
import { useFileChoices } from '../api/list-file-choices';

const fileKind = (file: FileDto) => (isAudioFile(file) ? 'Аудио' : 'Изображение');

/** The task's files: a paged, searchable list of the teacher's files with checkboxes. */
export function FilePicker({ value, onChange }: { value: FileDto[]; onChange: (files: FileDto[]) => void }) {
  const state = useListState();
  const query = useFileChoices({ page: state.page, pageSize: state.pageSize, search: state.search });
  const headingId = useId();
  const chosen = new Set(value.map((f) => f.id));

  const toggle = (file: FileDto, checked: boolean) =>
    onChange(
      checked ? [...value.filter((f) => f.id !== file.id), file] : value.filter((f) => f.id !== file.id),
    );

  return (
    <Stack spacing={1.5} component="section" aria-labelledby={headingId} onKeyDown={noImplicitSubmit}>
      <Typography id={headingId} variant="subtitle1" component="h3">
        Файлы
      </Typography>
      <Box>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Выбрано: {value.length}
        </Typography>
        {value.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} role="list" aria-label="Выбранные файлы">
            {value.map((file) => (
              <Chip
                key={file.id}
                role="listitem"
                icon={isAudioFile(file) ? <AudioFileIcon /> : <ImageIcon />}
                label={file.name}
                onDelete={() => toggle(file, false)}
              />
            ))}
          </Box>
        )}
      </Box>
      <PagedList state={state} result={toPagedResult(query)}>
        {(files) => (
          <CheckList
            label="Файлы учителя"
            items={files}
            itemKey={(f) => f.id}
            itemLabel={(f) => f.name}
            itemDetail={fileKind}
            isChecked={(f) => chosen.has(f.id)}
            onToggle={toggle}
          />
        )}
      </PagedList>
    </Stack>
  );
}
