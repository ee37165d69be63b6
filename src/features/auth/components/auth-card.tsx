import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';

/** The centred form card of the public pages. */
export function AuthCard({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Paper variant="outlined" sx={{ maxWidth: 480, mx: 'auto', mt: { xs: 2, sm: 6 }, p: { xs: 2, sm: 4 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Stack component="form" noValidate spacing={2} onSubmit={submit}>
        {children}
      </Stack>
    </Paper>
  );
}
