import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import RecordVoiceOverOutlined from '@mui/icons-material/RecordVoiceOverOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import { VoicePlayButton } from '@/components/recording/voice-play-button';
import { formatDuration } from '@/shared/format';
import type { ShownComment } from '../model/merge-comments';
import { type RecordedVoice, type VoiceDevices, VoiceRecorder } from './voice-recorder';
import { CommentText } from '@/components/recording/comment-text';

/** A comment's voice as the row shows it: the server's, or one recorded here and not yet sent. */
export interface ShownVoice {
  src: string;
  duration: number;
  pending: boolean;
}

export const VOICE_MARK_LABEL = 'Голосовой комментарий';

/** A comment as the list shows it: its span (which marks it on the waveform), text and actions. */
export function CommentRow({
  comment: c,
  shown,
  editDisabled,
  onShow,
  onEdit,
  onRemove,
  voice = null,
  onVoice,
  onVoiceRemove,
  voiceDevices,
}: {
  comment: ShownComment;
  shown: boolean;
  editDisabled: boolean;
  onShow: () => void;
  onEdit: () => void;
  onRemove: () => void;
  voice?: ShownVoice | null;
  onVoice?: (voice: RecordedVoice) => void;
  onVoiceRemove?: () => void;
  voiceDevices?: VoiceDevices;
}) {
  const span = `${formatDuration(c.start)} – ${formatDuration(c.end)}`;
  return (
    <ListItem divider sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Button
        size="small"
        variant={shown ? 'contained' : 'outlined'}
        aria-label={`Показать фрагмент ${span}`}
        onClick={onShow}
        sx={{ minWidth: 120 }}
      >
        {span}
      </Button>
      <CommentText text={c.comment} />
      {c.pending && (
        <Chip
          size="small"
          color={c.refusal ? 'error' : 'default'}
          label={c.refusal ? `Не принято: ${c.refusal}` : 'Не отправлено'}
          sx={{
            ml: { xs: 'auto', sm: 0 },
            maxWidth: '100%',
            height: 'auto',
            '& .MuiChip-label': { whiteSpace: 'normal' },
          }}
        />
      )}
      {voice && (
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}
          data-testid="comment-voice"
        >
          <RecordVoiceOverOutlined
            color="primary"
            titleAccess={VOICE_MARK_LABEL}
            aria-label={VOICE_MARK_LABEL}
          />
          <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatDuration(voice.duration)}
          </Box>
          <VoicePlayButton src={voice.src} onPlay={onShow} keepOffline={!voice.pending} />
          {voice.pending && <Chip size="small" label="Голос не отправлен" />}
          {onVoiceRemove && (
            <Button size="small" onClick={onVoiceRemove}>
              Удалить голос
            </Button>
          )}
        </Box>
      )}
      {onVoice && (
        <VoiceRecorder
          onKeep={onVoice}
          recordLabel={voice ? 'Перезаписать голос' : 'Записать голосом'}
          {...(voiceDevices ? { devices: voiceDevices } : {})}
        />
      )}
      <IconButton
        sx={{ ml: { xs: c.pending ? 0 : 'auto', sm: 0 } }}
        aria-label="Изменить комментарий"
        disabled={editDisabled}
        onClick={onEdit}
      >
        <EditOutlined />
      </IconButton>
      <IconButton aria-label="Удалить комментарий" onClick={onRemove}>
        <DeleteOutlined />
      </IconButton>
    </ListItem>
  );
}
