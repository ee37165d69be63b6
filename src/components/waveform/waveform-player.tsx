import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin, { type Region } from 'wavesurfer.js/dist/plugins/regions.js';
import { formatDuration } from '../../shared/format';
import { useStableMediaSrc } from './stable-media-src';

/** SPEC.md §9: waveform bars 8 px wide, decoding (when there are no peaks) at 8000 Hz. */
export const WAVEFORM_BAR_WIDTH = 8;
export const WAVEFORM_SAMPLE_RATE = 8000;
export const PLAYBACK_SPEEDS = [1, 1.5, 2] as const;

/** A span marked on the waveform (a comment's time range). */
export interface WaveformMark {
  id: string;
  start: number;
  end: number;
}

/** The teacher's editable main region. */
export interface EditableRegion {
  /** Where the region is: read when it is drawn (first, or after the player was rebuilt). */
  start: number;
  end: number;
  minLength: number;
  onChange: (start: number, end: number) => void;
}

export interface WaveformPlayerHandle {
  /** Plays from a time (seconds), loading the audio first if needed. */
  playFrom: (seconds: number) => void;
  /** Moves the editable region (e.g. after its times were typed). */
  setEditableRegion: (start: number, end: number) => void;
}

export interface WaveformPlayerProps {
  src: string;
  /** Stored peaks: drawn at once, and the audio streams instead of being decoded. */
  peaks?: number[] | null;
  /** Stored duration (MediaRecorder's WebM has none of its own). */
  duration?: number | null;
  autoPlay?: boolean;
  /** Load the audio only on the first click or play. */
  lazy?: boolean;
  speedControl?: boolean;
  /** Task starts (seconds): drawn as numbered markers. */
  markers?: number[];
  /** Marked spans; clicking one plays from its start, double-clicking removes it. */
  marks?: WaveformMark[];
  onMarkRemove?: (id: string) => void;
  editableRegion?: EditableRegion;
  title?: string;
  ref?: Ref<WaveformPlayerHandle>;
}

const MAIN_REGION_ID = 'main';

/** "Задание N" on one line over the waveform, readable on the bars. */
function markerLabel(index: number): HTMLElement {
  const label = document.createElement('span');
  label.textContent = `Задание ${index + 1}`;
  label.style.cssText =
    'white-space:nowrap;font-size:11px;line-height:1.4;padding:0 4px;background:rgba(255,255,255,.85);border-radius:3px';
  return label;
}
const MARKER_PREFIX = 'marker-';

/**
 * The waveform player every screen shares (wavesurfer.js 8 over a media element): stop,
 * play/pause, optional speed cycle 1 → 1.5 → 2, mute; task markers, marked spans and the
 * teacher's draggable region.
 */
export function WaveformPlayer({
  src: givenSrc,
  peaks,
  duration,
  autoPlay = false,
  lazy = false,
  speedControl = false,
  markers,
  marks,
  onMarkRemove,
  editableRegion,
  title,
  ref,
}: WaveformPlayerProps) {
  const theme = useTheme();
  // A refetch signs the same file's address anew: the player is not rebuilt for that.
  const src = useStableMediaSrc(givenSrc);
  const containerRef = useRef<HTMLDivElement>(null);
  const wsRef = useRef<WaveSurfer | null>(null);
  const regionsRef = useRef<ReturnType<typeof RegionsPlugin.create> | null>(null);
  const loadedRef = useRef(false);
  const loadingRef = useRef<Promise<void> | null>(null);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [speedIndex, setSpeedIndex] = useState(0);
  const [time, setTime] = useState(0);
  const [total, setTotal] = useState(duration ?? 0);
  const [failed, setFailed] = useState(false);
  // Regions are placed once the waveform knows its duration (peaks drawn or audio decoded).
  const [drawnSrc, setDrawnSrc] = useState<string | null>(null);
  const drawn = drawnSrc === src;
  const hasPeaks = Boolean(peaks && peaks.length > 0 && duration && duration > 0);
  // Latest callbacks for the wavesurfer listeners, which are bound once.
  const onMarkRemoveRef = useRef(onMarkRemove);
  const onRegionChangeRef = useRef(editableRegion?.onChange);
  useEffect(() => {
    onMarkRemoveRef.current = onMarkRemove;
    onRegionChangeRef.current = editableRegion?.onChange;
  });

  /** Loads the audio once: with peaks it only points the media element at it (streaming). */
  const ensureLoaded = useCallback((): Promise<void> => {
    const ws = wsRef.current;
    if (!ws) return Promise.resolve();
    if (loadedRef.current) return Promise.resolve();
    loadingRef.current ??= (hasPeaks ? ws.load(src, [peaks as number[]], duration as number) : ws.load(src))
      .then(() => {
        loadedRef.current = true;
      })
      .catch((error: unknown) => {
        loadingRef.current = null;
        if ((error as { name?: string } | null)?.name !== 'AbortError') setFailed(true);
      });
    return loadingRef.current;
  }, [src, peaks, duration, hasPeaks]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const media = new Audio();
    media.preload = lazy ? 'none' : 'metadata';
    media.crossOrigin = 'anonymous';
    const regions = RegionsPlugin.create();
    const ws = WaveSurfer.create({
      container,
      media,
      height: 96,
      barWidth: WAVEFORM_BAR_WIDTH,
      barGap: 2,
      barRadius: 2,
      sampleRate: WAVEFORM_SAMPLE_RATE,
      waveColor: theme.palette.grey[400],
      progressColor: theme.palette.primary.main,
      cursorColor: theme.palette.secondary.main,
      normalize: true,
      plugins: [regions],
      ...(hasPeaks ? { peaks: [peaks as number[]], duration: duration as number } : {}),
    });
    wsRef.current = ws;
    regionsRef.current = regions;
    loadedRef.current = false;
    loadingRef.current = null;
    const subscriptions = [
      ws.on('play', () => setPlaying(true)),
      ws.on('pause', () => setPlaying(false)),
      ws.on('finish', () => setPlaying(false)),
      ws.on('timeupdate', (t) => setTime(t)),
      ws.on('ready', (d) => setTotal(hasPeaks ? (duration as number) : d)),
      ws.on('decode', (d) => {
        if (!hasPeaks) setTotal(d);
        setDrawnSrc(src);
      }),
      ws.on('error', () => setFailed(true)),
      // The first click on the waveform loads the audio (lazy players).
      ws.on('interaction', () => void ensureLoaded()),
      regions.on('region-clicked', (region: Region, e: MouseEvent) => {
        if (region.id.startsWith(MARKER_PREFIX)) return;
        e.stopPropagation();
        void ensureLoaded().then(() => region.play());
      }),
      regions.on('region-double-clicked', (region: Region, e: MouseEvent) => {
        if (region.id === MAIN_REGION_ID || region.id.startsWith(MARKER_PREFIX)) return;
        e.stopPropagation();
        region.remove();
        onMarkRemoveRef.current?.(region.id);
      }),
      regions.on('region-updated', (region: Region) => {
        if (region.id === MAIN_REGION_ID) onRegionChangeRef.current?.(region.start, region.end);
      }),
    ];
    if (!lazy || autoPlay) {
      void ensureLoaded().then(() => {
        if (autoPlay) void ws.play().catch(() => undefined);
      });
    }
    return () => {
      subscriptions.forEach((off) => off());
      ws.destroy();
      media.removeAttribute('src');
      media.load();
      wsRef.current = null;
      regionsRef.current = null;
    };
    // The player is rebuilt only for another source; marks and regions follow in their own effects.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src, hasPeaks]);

  const regionColor = theme.palette.secondary.main;
  const markColor = `${theme.palette.warning.main}55`;
  const mainColor = `${theme.palette.primary.main}33`;

  // Task markers.
  useEffect(() => {
    const regions = regionsRef.current;
    if (!regions || !drawn) return;
    const added = (markers ?? []).map((start, i) =>
      regions.addRegion({
        id: `${MARKER_PREFIX}${i}`,
        start,
        content: markerLabel(i),
        color: regionColor,
        drag: false,
        resize: false,
      }),
    );
    return () => added.forEach((r) => r.remove());
  }, [markers, regionColor, drawn]);

  // Marked spans.
  useEffect(() => {
    const regions = regionsRef.current;
    if (!regions) return;
    const added = (marks ?? []).map((m) =>
      regions.addRegion({
        id: m.id,
        start: m.start,
        end: m.end,
        color: markColor,
        drag: false,
        resize: false,
      }),
    );
    return () => added.forEach((r) => r.remove());
  }, [marks, markColor, src]);

  // The teacher's main region: created once per source, then moved by drag or by setEditableRegion.
  const mainRegionRef = useRef<Region | null>(null);
  const hasEditable = editableRegion !== undefined;
  // Where the region is now: a rebuilt player (another source) puts it back there, not at the start.
  const latestRegion = useRef(editableRegion);
  useEffect(() => {
    latestRegion.current = editableRegion;
  });
  useEffect(() => {
    const regions = regionsRef.current;
    const init = latestRegion.current;
    if (!regions || !hasEditable || !init || !drawn) return;
    const maxLength = total > 0 ? total : undefined;
    const region = regions.addRegion({
      id: MAIN_REGION_ID,
      start: init.start,
      end: init.end,
      color: mainColor,
      drag: true,
      resize: true,
      minLength: init.minLength,
      ...(maxLength ? { maxLength } : {}),
    });
    mainRegionRef.current = region;
    return () => {
      region.remove();
      mainRegionRef.current = null;
    };
  }, [hasEditable, mainColor, drawn, total]);

  useImperativeHandle(
    ref,
    () => ({
      playFrom: (seconds) => {
        void ensureLoaded().then(() => {
          const ws = wsRef.current;
          if (!ws) return;
          ws.setTime(seconds);
          void ws.play().catch(() => undefined);
        });
      },
      setEditableRegion: (start, end) => mainRegionRef.current?.setOptions({ start, end }),
    }),
    [ensureLoaded],
  );

  const playPause = () => {
    void ensureLoaded().then(() => void wsRef.current?.playPause().catch(() => undefined));
  };
  const stop = () => wsRef.current?.stop();
  const toggleMute = () => {
    const next = !muted;
    wsRef.current?.setMuted(next);
    setMuted(next);
  };
  const cycleSpeed = () => {
    const next = (speedIndex + 1) % PLAYBACK_SPEEDS.length;
    wsRef.current?.setPlaybackRate(PLAYBACK_SPEEDS[next]);
    setSpeedIndex(next);
  };

  return (
    <Box
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
      data-testid="waveform-player"
      // Set once the waveform is drawn (stored peaks, or the audio decoded): tests and benchmarks wait on it.
      data-drawn={drawn ? 'true' : undefined}
    >
      {title && (
        <Typography variant="subtitle2" gutterBottom>
          {title}
        </Typography>
      )}
      <Box
        ref={containerRef}
        sx={{ minHeight: 96, cursor: 'pointer' }}
        aria-label="Звуковая дорожка"
        role="img"
      />
      {failed && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          Не удалось загрузить аудио
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <IconButton aria-label="Стоп" onClick={stop}>
          <StopIcon />
        </IconButton>
        <IconButton aria-label={playing ? 'Пауза' : 'Воспроизвести'} onClick={playPause}>
          {playing ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
        {speedControl && (
          <Button
            size="small"
            variant="outlined"
            // The visible '1X' is part of the name (WCAG 2.5.3, label in name).
            aria-label={`Скорость воспроизведения ${PLAYBACK_SPEEDS[speedIndex]}X`}
            onClick={cycleSpeed}
          >
            {`${PLAYBACK_SPEEDS[speedIndex]}X`}
          </Button>
        )}
        <IconButton aria-label={muted ? 'Включить звук' : 'Выключить звук'} onClick={toggleMute}>
          {muted ? <VolumeOffIcon /> : <VolumeUpIcon />}
        </IconButton>
        <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }} data-testid="waveform-time">
          {formatDuration(time)} / {formatDuration(total)}
        </Typography>
      </Box>
    </Box>
  );
}
