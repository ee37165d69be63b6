import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useExamOffline } from '../api/prefetch-exam';

/** An icon and a line that wraps on a phone (a chip cut it off at 360 px). */
function ReadinessLine({ icon, text, testId }: { icon: ReactNode; text: string; testId?: string }) {
  return (
    <Box role="status" data-testid={testId} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <Box sx={{ display: 'flex', flex: '0 0 auto', pt: '1px' }}>{icon}</Box>
      <Typography variant="body2">{text}</Typography>
    </Box>
  );
}

/** Says whether this exam can be taken without network on this device. */
export function OfflineReadiness({ examId }: { examId: number }) {
  const queryClient = useQueryClient();
  const { data, isError, isFetching } = useExamOffline(queryClient, examId);
  if (data) {
    return (
      <ReadinessLine
        icon={<CloudDoneOutlined fontSize="small" color="success" aria-hidden />}
        text="Экзамен сохранен на устройстве: его можно пройти без интернета"
        testId="exam-offline-ready"
      />
    );
  }
  if (isFetching) {
    return (
      <ReadinessLine
        icon={<CircularProgress size={16} aria-hidden />}
        text="Экзамен сохраняется для работы без интернета…"
      />
    );
  }
  if (isError) {
    return (
      <ReadinessLine
        icon={<CloudOffOutlined fontSize="small" color="warning" aria-hidden />}
        text="Не удалось сохранить экзамен для работы без интернета"
      />
    );
  }
  return null;
}
