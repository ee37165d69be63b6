import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useState, type ReactNode } from 'react';
import { ImportAnswersDialog } from '@/components/import-answers/import-answers-dialog';
import { useImportOwnAnswer } from '../api/import-own-answer';
import type { ExamPageAction } from './exam-page-actions';

/**
 * 'Отправить ответ из файла' (issue 23): a student signed in on another device sends their own
 * saved `.ustno` answer. The route puts the action among the exam page's `moreActions` and
 * mounts the dialog.
 */
export function useSendAnswerFile(examId: number): { action: ExamPageAction; dialog: ReactNode } {
  const importOwn = useImportOwnAnswer(examId);
  const [open, setOpen] = useState(false);
  return {
    action: { label: 'Отправить ответ из файла', icon: <UploadFileIcon />, onClick: () => setOpen(true) },
    dialog: open && (
      <ImportAnswersDialog
        title="Отправить ответ из файла"
        multiple={false}
        upload={(files) => importOwn.mutateAsync(files)}
        onClose={() => setOpen(false)}
      />
    ),
  };
}
