import { createTheme } from '@mui/material/styles';
import { ruRU } from '@mui/material/locale';

export const theme = createTheme(
  {
    palette: { primary: { main: '#1e5aa8' }, secondary: { main: '#e0673b' } },
    shape: { borderRadius: 10 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif' },
  },
  ruRU,
);
