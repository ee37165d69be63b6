import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { useQueryClient } from '@tanstack/react-query';
import { useExamOffline } from '../api/prefetch-exam';

/** Says whether this exam can be taken without network on this device. */
export function OfflineReadiness({ examId }: { examId: number }) {
  const queryClient = useQueryClient();
  const { data, isError, isFetching } = useExamOffline(queryClient, examId);
  if (data) {
    return (
      <Chip
        color="success"
        variant="outlined"
        icon={<CloudDoneOutlined />}
        label="Экзамен сохранен на устройстве: его можно пройти без интернета"
        data-testid="exam-offline-ready"
      />
    );
  }
  if (isFetching) {
    return (
      <Chip
        variant="outlined"
        icon={<CircularProgress size={16} />}
        label="Экзамен сохраняется для работы без интернета…"
      />
    );
  }
  if (isError) {
    return (
      <Chip
        color="warning"
        variant="outlined"
        icon={<CloudOffOutlined />}
        label="Не удалось сохранить экзамен для работы без интернета"
      />
    );
  }
  return null;
}
