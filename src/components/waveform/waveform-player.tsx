import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { type Ref, type RefObject, useEffect, useImperativeHandle, useState } from 'react';
import type { AnswerMarker } from './answer-markers';
import { MarkerButtons } from './marker-buttons';
import { useStableMediaSrc } from './stable-media-src';
import { type EditableRegion, useMainRegion } from './use-main-region';
import { useMarkedSpans, type WaveformMark } from './use-marked-spans';
import { useAnswerMarkers } from './use-answer-markers';
import { useWavesurfer } from './use-wavesurfer';
import { WaveformControls } from './waveform-controls';

export type { EditableRegion } from './use-main-region';
export type { WaveformMark } from './use-marked-spans';
export type { AnswerMarker } from './answer-markers';

/** What a page may ask of its player. */
export interface WaveformHandle {
  /** Plays from `seconds` (loading the audio first when it is not yet). */
  playFrom: (seconds: number) => void;
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
  /**
   * Where each task's and question's answer began (`answerMarkers`): drawn as markers and listed
   * as buttons under the waveform; either plays from there.
   */
  markers?: AnswerMarker[];
  /** Told after a marker (or its button) started playing from its place. */
  onMarkerClick?: (marker: AnswerMarker) => void;
  /** The page's hold on the player (plays from a time the page names). */
  controlRef?: Ref<WaveformHandle>;
  /** Marked spans; clicking one plays from its start, double-clicking removes it. */
  marks?: WaveformMark[];
  onMarkRemove?: (id: string) => void;
  /** The teacher's main region: dragged, resized, or drawn anew by dragging across the waveform. */
  editableRegion?: EditableRegion;
  title?: string;
}

/** The element's width in whole pixels, followed as it changes (0 before it is measured). */
function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * The waveform player every screen shares (wavesurfer.js 8 over a media element): the waveform
 * with answer markers (tasks and their questions), marked spans and the teacher's main region,
 * the markers again as buttons, then the controls.
 */
export function WaveformPlayer({
  src: givenSrc,
  peaks,
  duration,
  autoPlay = false,
  lazy = false,
  speedControl = false,
  markers,
  onMarkerClick,
  controlRef,
  marks,
  onMarkRemove,
  editableRegion,
  title,
}: WaveformPlayerProps) {
  const theme = useTheme();
  // A refetch signs the same file's address anew: the player is not rebuilt for that.
  const src = useStableMediaSrc(givenSrc);
  const { containerRef, regionsRef, view, actions } = useWavesurfer({ src, peaks, duration, autoPlay, lazy });
  useImperativeHandle(controlRef, () => ({ playFrom: actions.playFrom }), [actions]);
  const jump = (marker: AnswerMarker) => {
    actions.playFrom(marker.start);
    onMarkerClick?.(marker);
  };
  const width = useElementWidth(containerRef);
  useAnswerMarkers(
    regionsRef,
    view.drawn,
    markers,
    // Until both are known every label is drawn.
    width > 0 && view.total > 0 ? width / view.total : Infinity,
    { task: theme.palette.secondary.main, question: theme.palette.info.main },
    jump,
  );
  useMarkedSpans(
    regionsRef,
    actions.ensureLoaded,
    src,
    marks,
    `${theme.palette.warning.main}55`,
    onMarkRemove,
  );
  useMainRegion(regionsRef, view, editableRegion, `${theme.palette.primary.main}33`);

  return (
    <Box
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
      data-testid="waveform-player"
      // Set once the waveform is drawn (stored peaks, or the audio decoded): tests and benchmarks wait on it.
      data-drawn={view.drawn ? 'true' : undefined}
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
      {markers && markers.length > 0 && <MarkerButtons markers={markers} onJump={jump} />}
      {view.failed && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          Не удалось загрузить аудио
        </Alert>
      )}
      <WaveformControls view={view} actions={actions} speedControl={speedControl} />
    </Box>
  );
}
