import Alert from '@mui/material/Alert';
import { useRecordingDelivery } from '../hooks/use-recording-delivery';

const TEXT = {
  sending: { severity: 'info', text: 'Ответ отправляется…' },
  waiting: {
    severity: 'warning',
    text: 'Ответ сохранен на устройстве и будет отправлен, когда появится сеть',
  },
  sent: { severity: 'success', text: 'Ответ отправлен' },
} as const;

/** Says plainly whether the answer to this exam reached the teacher or waits on the device. */
export function RecordingDeliveryNotice({ examId, spaced = true }: { examId: number; spaced?: boolean }) {
  const delivery = useRecordingDelivery(examId);
  if (!delivery) return null;
  const { severity, text } = TEXT[delivery];
  return (
    <Alert
      severity={severity}
      role="status"
      data-testid="answer-delivery"
      sx={spaced ? { mb: 2 } : undefined}
    >
      {text}
    </Alert>
  );
}
