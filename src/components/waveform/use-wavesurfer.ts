import { useTheme } from '@mui/material/styles';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.js';

/** Waveform bars 8 px wide; audio without stored peaks is decoded at 8000 Hz. */
export const WAVEFORM_BAR_WIDTH = 8;
export const WAVEFORM_SAMPLE_RATE = 8000;

export type Regions = ReturnType<typeof RegionsPlugin.create>;

export interface WavesurferOptions {
  src: string;
  peaks?: number[] | null;
  duration?: number | null;
  autoPlay: boolean;
  lazy: boolean;
}

/** What the player shows. */
export interface WavesurferView {
  /** The waveform is drawn (stored peaks, or the audio decoded): regions can be placed. */
  drawn: boolean;
  playing: boolean;
  time: number;
  total: number;
  failed: boolean;
}

/** What the controls do (each loads the audio first where it needs it). */
export interface WavesurferActions {
  /** Loads the audio once (with peaks it only points the media element at it: streaming). */
  ensureLoaded: () => Promise<void>;
  playPause: () => void;
  stop: () => void;
  playFrom: (seconds: number) => void;
  /** Where the playhead is, in seconds (0 before the player exists). */
  currentTime: () => number;
  setMuted: (muted: boolean) => void;
  setPlaybackRate: (rate: number) => void;
}

/** One wavesurfer.js instance per source, with its Regions plugin. */
export interface Wavesurfer {
  containerRef: RefObject<HTMLDivElement | null>;
  /** The instance, for hooks that follow its events (rebuilt with the source, as `view.drawn` tells). */
  wsRef: RefObject<WaveSurfer | null>;
  regionsRef: RefObject<Regions | null>;
  view: WavesurferView;
  actions: WavesurferActions;
}

/**
 * Builds the player over a media element for `src` (rebuilt only for another source) and
 * tears it down; the audio loads at once, or on the first click or play when `lazy`.
 */
export function useWavesurfer({ src, peaks, duration, autoPlay, lazy }: WavesurferOptions): Wavesurfer {
  const theme = useTheme();
  const containerRef = useRef<HTMLDivElement>(null);
  const wsRef = useRef<WaveSurfer | null>(null);
  const regionsRef = useRef<Regions | null>(null);
  const loadedRef = useRef(false);
  const loadingRef = useRef<Promise<void> | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [total, setTotal] = useState(duration ?? 0);
  const [failed, setFailed] = useState(false);
  const [drawnSrc, setDrawnSrc] = useState<string | null>(null);
  const hasPeaks = Boolean(peaks && peaks.length > 0 && duration && duration > 0);

  const ensureLoaded = useCallback((): Promise<void> => {
    const ws = wsRef.current;
    if (!ws || loadedRef.current) return Promise.resolve();
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
      // The first click on the waveform loads the audio (lazy players), which would put the
      // playhead back at the start: it goes where the click was once loaded.
      ws.on('interaction', (at) => {
        if (loadedRef.current) return;
        void ensureLoaded().then(() => {
          if (wsRef.current === ws && loadedRef.current) ws.setTime(at);
        });
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
    // Rebuilt only for another source; marks and regions follow in their own hooks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src, hasPeaks]);

  const actions = useMemo<WavesurferActions>(
    () => ({
      ensureLoaded,
      playPause: () => void ensureLoaded().then(() => void wsRef.current?.playPause().catch(() => undefined)),
      stop: () => wsRef.current?.stop(),
      playFrom: (seconds) =>
        void ensureLoaded().then(() => {
          const ws = wsRef.current;
          if (!ws) return;
          ws.setTime(seconds);
          void ws.play().catch(() => undefined);
        }),
      currentTime: () => wsRef.current?.getCurrentTime() ?? 0,
      setMuted: (muted) => wsRef.current?.setMuted(muted),
      setPlaybackRate: (rate) => wsRef.current?.setPlaybackRate(rate),
    }),
    [ensureLoaded],
  );

  return {
    containerRef,
    wsRef,
    regionsRef,
    view: { drawn: drawnSrc === src, playing, time, total, failed },
    actions,
  };
}
