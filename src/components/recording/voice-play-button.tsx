import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import StopOutlined from '@mui/icons-material/StopOutlined';
import Button from '@mui/material/Button';
import { useEffect, useRef, useState } from 'react';
import { useOfflineMedia } from '@/lib/offline-media';

export const LISTEN_TEXT = 'Прослушать';

/**
 * Plays a comment's voice ('Прослушать', then 'Остановить' while it plays) and tells `onPlay`
 * (the page marks the comment's region). The voice is kept for offline use once the page was
 * opened online (the service worker caches it by its path).
 */
export function VoicePlayButton({
  src,
  onPlay,
  keepOffline = true,
}: {
  src: string;
  onPlay?: () => void;
  keepOffline?: boolean;
}) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  useOfflineMedia(keepOffline ? src : undefined);

  useEffect(
    () => () => {
      audio.current?.pause();
      audio.current = null;
    },
    [src],
  );

  const toggle = () => {
    if (playing) {
      audio.current?.pause();
      setPlaying(false);
      return;
    }
    onPlay?.();
    // A fresh element each time: it plays from the start.
    audio.current?.pause();
    const a = new Audio(src);
    a.addEventListener('ended', () => setPlaying(false));
    audio.current = a;
    setPlaying(true);
    void Promise.resolve(a.play()).catch(() => setPlaying(false));
  };

  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={playing ? <StopOutlined /> : <PlayArrowOutlined />}
      onClick={toggle}
      aria-pressed={playing}
    >
      {playing ? 'Остановить' : LISTEN_TEXT}
    </Button>
  );
}
