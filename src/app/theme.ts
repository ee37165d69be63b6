import { createTheme } from '@mui/material/styles';
import { ruRU } from '@mui/material/locale';

/** Touch screens and phone-sized windows: every control at least 44 × 44 CSS pixels to tap. */
const TOUCH = '@media (pointer: coarse), (max-width: 599.95px)';

export const theme = createTheme(
  {
    palette: { primary: { main: '#1e5aa8' }, secondary: { main: '#e0673b' } },
    shape: { borderRadius: 10 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif' },
    components: {
      MuiButton: { styleOverrides: { root: { [TOUCH]: { minHeight: 44, minWidth: 44 } } } },
      MuiIconButton: { styleOverrides: { root: { [TOUCH]: { minHeight: 44, minWidth: 44 } } } },
      MuiToggleButton: { styleOverrides: { root: { [TOUCH]: { minHeight: 44, minWidth: 44 } } } },
      MuiListItemButton: { styleOverrides: { root: { [TOUCH]: { minHeight: 48 } } } },
      MuiCheckbox: { styleOverrides: { root: { [TOUCH]: { padding: 10 } } } },
      MuiRadio: { styleOverrides: { root: { [TOUCH]: { padding: 10 } } } },
      // The same track and thumb, in a 44 px high switch whose thumb is a 44 px target.
      MuiSwitch: {
        styleOverrides: {
          root: { [TOUCH]: { width: 64, height: 44, padding: 15 } },
          switchBase: { [TOUCH]: { padding: 12 } },
        },
      },
    },
  },
  ruRU,
);
