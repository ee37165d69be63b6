import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatScore } from '@/shared/format';
import { useOwnRecordingScores } from '../api/get-own-recording-scores';

/** The teacher's grade under the player, task by task, once it is given. */
export function RecordingGrade({ recordingId }: { recordingId: number }) {
  const { data: scores } = useOwnRecordingScores(recordingId);
  if (!scores?.gradedAt) return null;
  const tasks = scores.tasks.filter((t) => t.criteria.length > 0);
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-labelledby="audio-grade-title">
      <Typography id="audio-grade-title" variant="h6" component="h2">
        Оценка: {formatScore(scores.total, scores.maxTotal)}
      </Typography>
      {tasks.map((task) => {
        const points = task.criteria.reduce((sum, c) => sum + (c.points ?? 0), 0);
        const max = task.criteria.reduce((sum, c) => sum + c.maxPoints, 0);
        return (
          <Box key={task.position} sx={{ mt: 1.5 }} data-testid="audio-grade-task">
            <Typography sx={{ fontWeight: 500 }}>
              Задание {task.position}. {task.taskName} — {formatScore(points, max)}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {task.criteria.map((c, i) => (
                <li key={i}>
                  {c.name}: {c.points === null ? 'не оценено' : formatScore(c.points, c.maxPoints)}
                </li>
              ))}
            </Box>
          </Box>
        );
      })}
    </Paper>
  );
}
