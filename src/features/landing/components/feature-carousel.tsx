import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Fade from '@mui/material/Fade';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

export const FEATURE_CARDS = [
  {
    title: 'Аудиозаписи',
    text: 'Проверяйте аудиозаписи учеников и оставляйте комментарии к конкретному фрагменту записи.',
  },
  { title: 'Задания', text: 'Свободно редактируйте текст задания, добавляйте к нему фотографии и аудио.' },
  { title: 'Варианты', text: 'Создавайте варианты и используйте одни и те же задания в разных вариантах.' },
  { title: 'Экзамены', text: 'Собирайте экзамены из вариантов и открывайте ученикам доступ к ним.' },
] as const;

/** Four cards, from the first, wrapping both ways, with a fade between them. */
export function FeatureCarousel() {
  const [index, setIndex] = useState(0);
  const count = FEATURE_CARDS.length;
  const card = FEATURE_CARDS[index];
  return (
    <Box
      component="section"
      aria-roledescription="карусель"
      aria-label="Возможности"
      sx={{ maxWidth: 640, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Fade in key={index} timeout={500}>
        <Card variant="outlined" aria-live="polite" sx={{ minHeight: 180 }}>
          <CardContent sx={{ p: 4 }}>
            <Typography variant="overline" color="text.secondary">
              {index + 1} / {count}
            </Typography>
            <Typography variant="h5" component="h2" gutterBottom>
              {card.title}
            </Typography>
            <Typography>{card.text}</Typography>
          </CardContent>
        </Card>
      </Fade>
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Button variant="outlined" onClick={() => setIndex((i) => (i - 1 + count) % count)}>
          Назад
        </Button>
        <Button variant="outlined" onClick={() => setIndex((i) => (i + 1) % count)}>
          Далее
        </Button>
      </Box>
    </Box>
  );
}
