import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { FILE_NAME_MAX, type FileDto } from '@/shared/contract/teacher';
import { isAudioFile } from '@/components/task-media/task-media';

const PREVIEW_HEIGHT = 140;

/** One file of the grid: a thumbnail (or the audio icon), its name, rename and delete. */
export function FileCard({
  file,
  editing,
  saving,
  onEdit,
  onCancel,
  onRename,
  onDelete,
}: {
  file: FileDto;
  /** Only one file is renamed at a time; the grid says which. */
  editing: boolean;
  saving: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onRename: (name: string) => void;
  onDelete: () => void;
}) {
  const [name, setName] = useState(file.name);
  const audio = isAudioFile(file);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onRename(name);
  };

  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      data-testid="file-card"
    >
      {audio ? (
        <Box
          sx={{
            height: PREVIEW_HEIGHT,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'action.hover',
          }}
        >
          <HeadphonesIcon sx={{ fontSize: 64 }} color="action" aria-label="Аудиофайл" role="img" />
        </Box>
      ) : (
        <Box
          component="img"
          src={file.access}
          alt={file.name}
          loading="lazy"
          sx={{ height: PREVIEW_HEIGHT, width: '100%', objectFit: 'cover', bgcolor: 'action.hover' }}
        />
      )}
      <CardContent sx={{ flex: 1, pb: 0 }}>
        {editing ? (
          <Box component="form" onSubmit={submit} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <TextField
              label="Название"
              size="small"
              value={name}
              autoFocus
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') onCancel();
              }}
              slotProps={{ htmlInput: { maxLength: FILE_NAME_MAX } }}
              sx={{ flex: 1 }}
            />
            <IconButton type="submit" aria-label="Сохранить название" color="primary" loading={saving}>
              <CheckIcon />
            </IconButton>
            <IconButton aria-label="Отменить переименование" onClick={onCancel} disabled={saving}>
              <CloseIcon />
            </IconButton>
          </Box>
        ) : (
          <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="file-name">
            {file.name}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end' }}>
        <IconButton
          aria-label={`Переименовать ${file.name}`}
          onClick={() => {
            setName(file.name);
            onEdit();
          }}
          disabled={editing}
          size="small"
        >
          <EditIcon fontSize="small" />
        </IconButton>
        <IconButton aria-label={`Удалить ${file.name}`} onClick={onDelete} size="small">
          <DeleteIcon fontSize="small" />
        </IconButton>
      </CardActions>
    </Card>
  );
}
