import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';

export interface TaskImage {
  id: number;
  name: string;
  access: string;
}

/**
 * A task's images; a tap (or Enter) opens one full screen, fitted to it, closed by 'Закрыть' or
 * Escape. `header` stays above the image meanwhile (the countdown: the exam goes on).
 */
export function TaskImages({ images, header }: { images: TaskImage[]; header?: ReactNode }) {
  const [open, setOpen] = useState<TaskImage | null>(null);
  const titleId = useId();
  if (images.length === 0) return null;
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 2 }}>
        {images.map((image) => (
          <ButtonBase
            key={image.id}
            focusRipple
            aria-label={`Открыть на весь экран: ${image.name}`}
            onClick={() => setOpen(image)}
            // A touch target however small the picture (a tiny image is a tiny button otherwise).
            sx={{
              borderRadius: 1,
              overflow: 'hidden',
              maxWidth: '100%',
              minWidth: 44,
              minHeight: 44,
              cursor: 'zoom-in',
            }}
          >
            <Box
              component="img"
              src={image.access}
              alt={image.name}
              sx={{ display: 'block', maxWidth: '100%', maxHeight: 420 }}
            />
          </ButtonBase>
        ))}
      </Box>
      <Dialog
        fullScreen
        open={open !== null}
        onClose={() => setOpen(null)}
        aria-labelledby={titleId}
        slotProps={{
          paper: {
            sx: { bgcolor: 'grey.900', color: 'common.white', display: 'flex', flexDirection: 'column' },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, flexWrap: 'wrap' }}>
          <Typography
            id={titleId}
            component="h2"
            sx={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {open?.name}
          </Typography>
          {header && <Box sx={{ flex: '0 0 auto' }}>{header}</Box>}
          <Button
            variant="contained"
            color="inherit"
            startIcon={<Close />}
            onClick={() => setOpen(null)}
            sx={{ color: 'grey.900' }}
          >
            Закрыть
          </Button>
        </Box>
        {open && (
          <Box
            sx={{
              flex: 1,
              minHeight: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              p: 1,
            }}
          >
            <Box
              component="img"
              src={open.access}
              alt={open.name}
              data-testid="image-full-screen"
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          </Box>
        )}
      </Dialog>
    </>
  );
}
