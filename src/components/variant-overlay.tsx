import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { variantSchema } from '@/shared/contract/teacher';
import { RichTextView } from './rich-text/rich-text-view';
import { usePhoneLayout } from './layout/use-phone-layout';

type Variant = z.infer<typeof variantSchema>;

/**
 * The variant of a recording over the page: 'Задание №' + sequence + 1, the task text and its
 * non-audio images. `renderTitle` lets the teacher's overlay link each task to its page.
 */
export function VariantOverlay({
  variant,
  open,
  onClose,
  renderTitle,
}: {
  variant: Variant;
  open: boolean;
  onClose: () => void;
  renderTitle?: (task: Variant['tasks'][number]) => ReactNode;
}) {
  const tasks = [...variant.tasks].sort((a, b) => a.sequence_number - b.sequence_number);
  const phone = usePhoneLayout();
  return (
    <Dialog
      fullScreen={phone}
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      scroll="paper"
      aria-labelledby="variant-overlay-title"
    >
      <DialogTitle id="variant-overlay-title">{variant.name}</DialogTitle>
      <DialogContent dividers>
        {tasks.map((vt, i) => (
          <Box key={vt.id} sx={{ mb: 3 }}>
            {i > 0 && <Divider sx={{ mb: 2 }} />}
            <Typography variant="h6" component="h3">
              Задание №{vt.sequence_number + 1}
            </Typography>
            {renderTitle && <Box sx={{ mb: 1 }}>{renderTitle(vt)}</Box>}
            <RichTextView html={vt.task.text} />
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              {vt.task.files
                .filter((f) => !f.type.startsWith('audio'))
                .map((f) => (
                  <Box
                    component="img"
                    key={f.id}
                    src={f.access}
                    alt={f.name}
                    sx={{ maxWidth: '100%', maxHeight: 320 }}
                  />
                ))}
            </Box>
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Закрыть</Button>
      </DialogActions>
    </Dialog>
  );
}
