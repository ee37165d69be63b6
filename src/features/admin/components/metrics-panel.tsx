import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Page } from '@/components/layout/page';
import { useMetrics } from '../api/get-metrics';

const COUNTERS = [
  { key: 'accounts', label: 'Всего пользователей' },
  { key: 'teachers', label: 'Учителей' },
  { key: 'students', label: 'Учеников' },
  { key: 'logins', label: 'Авторизаций сегодня' },
] as const;

export function MetricsPanel() {
  const { data } = useMetrics();
  return (
    <Page title="Главная">
      <Grid container spacing={2}>
        {COUNTERS.map((c) => (
          <Grid key={c.key} size={{ xs: 12, sm: 6, md: 3 }}>
            <Card variant="outlined">
              <CardContent>
                <Typography color="text.secondary" gutterBottom>
                  {c.label}
                </Typography>
                <Typography variant="h4" component="p" data-testid={`metric-${c.key}`}>
                  {data ? data[c.key] : '—'}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Page>
  );
}
