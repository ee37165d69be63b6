import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { type MoreAction, MoreActions } from '@/components/layout/more-actions';
import { usePhoneLayout } from '@/components/layout/use-phone-layout';

/** One of the exam page's actions besides the main one. */
export type ExamPageAction = MoreAction;

/**
 * The exam page's actions: the main one always a button; the others beside it where there is
 * room, and on a phone in one menu ('Еще') after it.
 */
export function ExamPageActions({ main, more = [] }: { main: ReactNode; more?: ExamPageAction[] }) {
  const phone = usePhoneLayout();
  if (more.length === 0) return <>{main}</>;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: phone ? 'nowrap' : 'wrap' }}>
      {phone && main}
      <MoreActions actions={more} />
      {!phone && main}
    </Box>
  );
}
