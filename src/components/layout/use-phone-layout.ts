import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * True on a phone-sized screen (under 600 CSS pixels wide): navigation collapses into one bar,
 * tables become cards and dialogs fill the screen. Read at once, not after a first wide render.
 */
export function usePhoneLayout(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}
