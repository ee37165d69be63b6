import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import LoginIcon from '@mui/icons-material/Login';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useNavigate } from '@tanstack/react-router';
import { syncEngine } from '@/lib/device-sync';
import { useSyncStatus } from '@/lib/use-device-sync';
import { useOnline } from '@/lib/use-online';

/**
 * What waits to be sent, with upload progress; an expired session asks to log in; offline it says
 * so (never 'all sent' while nothing can be).
 */
export function SyncIndicator() {
  const status = useSyncStatus();
  const online = useOnline();
  const navigate = useNavigate();
  if (status.pending === 0 && !status.current) {
    if (!online) {
      return (
        <Tooltip title="Нет сети">
          <CloudOffOutlined aria-label="Нет сети" data-testid="sync-offline" sx={{ mx: 1 }} />
        </Tooltip>
      );
    }
    return (
      <Tooltip title="Все данные отправлены">
        <CloudDoneOutlined aria-label="Все данные отправлены" data-testid="sync-idle" sx={{ mx: 1 }} />
      </Tooltip>
    );
  }
  if (status.needsLogin) {
    return (
      <Tooltip title="Сессия истекла: войдите, чтобы отправить сохраненные записи">
        <IconButton
          color="inherit"
          aria-label="Войти, чтобы отправить записи"
          onClick={() => void navigate({ to: '/login' })}
        >
          <Badge badgeContent={status.pending} color="secondary">
            <LoginIcon />
          </Badge>
        </IconButton>
      </Tooltip>
    );
  }
  const progress = status.current?.progress;
  const waiting = `Ожидают отправки: ${status.pending}${status.blocked ? `, не приняты сервером: ${status.blocked}` : ''}`;
  const title = status.current
    ? `Отправляется: ${status.current.label}${progress != null ? ` (${Math.round(progress * 100)}%)` : ''}`
    : online
      ? waiting
      : `Нет сети. ${waiting}`;
  return (
    <Tooltip title={title}>
      <IconButton
        color="inherit"
        aria-label={title}
        data-testid="sync-pending"
        onClick={() => void syncEngine.retryAll()}
      >
        <Box sx={{ position: 'relative', display: 'flex' }}>
          <Badge badgeContent={status.pending} color="secondary">
            <CloudUploadOutlined />
          </Badge>
          {status.current && (
            <CircularProgress
              size={34}
              color="inherit"
              variant={progress != null ? 'determinate' : 'indeterminate'}
              value={progress != null ? progress * 100 : undefined}
              sx={{ position: 'absolute', top: -5, left: -5 }}
            />
          )}
        </Box>
      </IconButton>
    </Tooltip>
  );
}
