import CloseIcon from '@mui/icons-material/Close';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { type DragEvent, useId, useState } from 'react';
import type { PageParams } from '@/shared/paging';
import { useNotify } from '@/lib/notify';
import { useUploadFiles } from '../api/upload-files';

const ACCEPT = 'image/*,audio/*';

const acceptable = (file: File) =>
  file.type === '' || file.type.startsWith('image/') || file.type.startsWith('audio/');

/**
 * 'Загрузите файлы': choose (or drop) images and audio, then 'Сохранить' sends them in one
 * multipart request; every file the server refused is named in its own error toast.
 */
export function UploadArea({ page }: { page: PageParams }) {
  const [chosen, setChosen] = useState<File[]>([]);
  const [dragging, setDragging] = useState(false);
  // A new key empties the native input after each upload, so the same file can be chosen again.
  const [inputKey, setInputKey] = useState(0);
  const headingId = useId();
  const notify = useNotify();
  const upload = useUploadFiles();

  const add = (files: FileList | null) => {
    if (!files) return;
    // The server checks the bytes; here only what clearly is neither image nor audio is left out.
    setChosen((prev) => [...prev, ...Array.from(files).filter(acceptable)]);
  };

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    add(e.dataTransfer.files);
  };

  const save = () => {
    // Saving with no file chosen does nothing.
    if (chosen.length === 0 || upload.isPending) return;
    upload.mutate(
      { files: chosen, page },
      {
        onSuccess: (result) => {
          for (const text of result.errors) notify.error(text);
          setChosen([]);
          setInputKey((k) => k + 1);
        },
        onError: notify.apiError,
      },
    );
  };

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      data-testid="upload-area"
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : 'transparent',
        borderRadius: 2,
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <CloudUploadIcon color="action" />
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography id={headingId} variant="subtitle1" component="h2">
            Загрузите файлы
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Изображения и аудио: выберите файлы или перетащите их сюда
          </Typography>
        </Box>
        <Button component="label" variant="outlined" disabled={upload.isPending}>
          Выбрать файлы
          <input
            key={inputKey}
            type="file"
            multiple
            accept={ACCEPT}
            aria-label="Загрузите файлы"
            data-testid="files-input"
            hidden
            onChange={(e) => add(e.target.files)}
          />
        </Button>
        <Button variant="contained" onClick={save} loading={upload.isPending}>
          Сохранить
        </Button>
      </Box>
      {chosen.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} aria-label="Выбранные файлы" role="list">
          {chosen.map((file, index) => (
            <Chip
              key={`${file.name}-${index}`}
              role="listitem"
              label={file.name}
              onDelete={
                upload.isPending ? undefined : () => setChosen((prev) => prev.filter((_, i) => i !== index))
              }
              deleteIcon={<CloseIcon aria-label={`Убрать ${file.name}`} />}
            />
          ))}
        </Box>
      )}
      {upload.progress !== null && (
        <LinearProgress
          variant="determinate"
          value={Math.round(upload.progress * 100)}
          aria-label="Загрузка файлов"
        />
      )}
    </Box>
  );
}
