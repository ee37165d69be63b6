import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A screen's frame: its heading, optional actions beside it, then the content. */
export function Page({
  title,
  actions,
  children,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container maxWidth="lg" component="main" sx={{ py: 3 }}>
      {(title || actions) && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          {title && (
            <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
              {title}
            </Typography>
          )}
          {actions}
        </Box>
      )}
      {children}
    </Container>
  );
}
