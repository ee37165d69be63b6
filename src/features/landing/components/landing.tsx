import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { FeatureCarousel } from './feature-carousel';

export function Landing() {
  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 4, sm: 8 } }}>
      <Box sx={{ textAlign: 'center', mb: 6 }}>
        <Typography variant="h3" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
          Подготовка к экзаменам стала проще
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary">
          Проводите тестирование так же, как на государственном экзамене
        </Typography>
      </Box>
      <FeatureCarousel />
    </Container>
  );
}
