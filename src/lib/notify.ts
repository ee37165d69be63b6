import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { errorTexts } from './api-errors';

/** Success and error toasts; an API error goes through the catalogue of SPEC.md §8. */
export function useNotify() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (text: string) => enqueueSnackbar(text, { variant: 'success' }),
      error: (text: string) => enqueueSnackbar(text, { variant: 'error' }),
      info: (text: string) => enqueueSnackbar(text, { variant: 'info' }),
      apiError: (error: unknown) => {
        for (const text of errorTexts(error)) enqueueSnackbar(text, { variant: 'error' });
      },
    }),
    [enqueueSnackbar],
  );
}
