import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId, useState, type DragEvent } from 'react';
import { USTNO_FILE_EXTENSION, type ImportFileResult, type ImportResults } from '@/shared/contract/progress';
import { errorTexts } from '@/lib/api-errors';

/** What one file's import came to, in a line ('Прикреплен: Фамилия Имя'). */
export function importResultText(
  result: ImportFileResult,
  studentName?: (id: number) => string | undefined,
): string {
  switch (result.status) {
    case 'attached': {
      const name = result.studentId !== undefined ? studentName?.(result.studentId) : undefined;
      return name ? `Прикреплен: ${name}` : 'Прикреплен';
    }
    case 'duplicate':
      return 'Уже был получен';
    case 'refused':
      return result.message ? `Не принят: ${result.message}` : 'Не принят';
  }
}

/**
 * Answers brought in as `.ustno` files (issue 23): chosen (several at once) or dropped, sent in
 * one request, each file's outcome on its own line. The caller says where they go (`upload`).
 */
export function ImportAnswersDialog({
  title,
  multiple = true,
  upload,
  studentName,
  onClose,
}: {
  title: string;
  multiple?: boolean;
  upload: (files: File[]) => Promise<ImportResults>;
  studentName?: (id: number) => string | undefined;
  onClose: () => void;
}) {
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<ImportFileResult[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const send = async (files: File[]) => {
    if (files.length === 0 || busy) return;
    setBusy(true);
    setError(null);
    try {
      setResults((await upload(files)).results);
    } catch (e) {
      setError(errorTexts(e).join(' '));
    } finally {
      setBusy(false);
    }
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    void send(multiple ? files : files.slice(0, 1));
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${inputId}-title`}
    >
      <DialogTitle id={`${inputId}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Box
          data-testid="import-drop-zone"
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            borderRadius: 1,
            p: 3,
            textAlign: 'center',
          }}
        >
          <Typography sx={{ mb: 2 }}>
            {multiple
              ? 'Перетащите сюда файлы .ustno или выберите их'
              : 'Перетащите сюда файл .ustno или выберите его'}
          </Typography>
          <Button variant="outlined" component="label" htmlFor={inputId} loading={busy}>
            {multiple ? 'Выбрать файлы' : 'Выбрать файл'}
          </Button>
          <input
            id={inputId}
            type="file"
            hidden
            multiple={multiple}
            accept={USTNO_FILE_EXTENSION}
            aria-label={multiple ? 'Файлы ответов .ustno' : 'Файл ответа .ustno'}
            disabled={busy}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              void send(files);
            }}
          />
        </Box>
        {error && (
          <Typography color="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Typography>
        )}
        {results && (
          <List aria-label="Результаты загрузки" dense>
            {results.map((result, i) => (
              <ListItem key={`${result.file}-${i}`} data-testid="import-result" disableGutters>
                <ListItemText primary={result.file} secondary={importResultText(result, studentName)} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Закрыть
        </Button>
      </DialogActions>
    </Dialog>
  );
}
