import { StayOrLeaveDialog } from '@/components/stay-or-leave-dialog/stay-or-leave-dialog';

/** Asks before a navigation leaves a running exam; staying is the default. */
export function LeaveExamDialog({
  open,
  onStay,
  onLeave,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <StayOrLeaveDialog
      open={open}
      title="Прервать экзамен?"
      text="Если уйти со страницы, запись ответа остановится. Записанное будет отправлено учителю как прерванная запись."
      leaveLabel="Уйти"
      onStay={onStay}
      onLeave={onLeave}
    />
  );
}
