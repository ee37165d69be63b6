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
  /** Where the playhead is, in seconds. */
  currentTime: () => number;
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
  /**
   * The teacher's main region: dragged, resized, drawn anew by dragging across the waveform, or
   * moved by a click on it (with the playhead); moved wherever the page places it.
   */
  editableRegion?: EditableRegion;
  title?: string;
}

/** How wide a region handle's hit area is on a touch screen, and its visible line. */
const HANDLE_HIT_PX = 24;
const HANDLE_LINE_PX = 2;

/** The handle's line, drawn `from` px into its hit area, as wavesurfer's border draws it. */
const handleLine = (from: number) =>
  `linear-gradient(to right, transparent ${from}px, rgba(0, 0, 0, 0.5) ${from}px, rgba(0, 0, 0, 0.5) ${from + HANDLE_LINE_PX}px, transparent ${from + HANDLE_LINE_PX}px)`;

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
  const { containerRef, wsRef, regionsRef, view, actions } = useWavesurfer({
    src,
    peaks,
    duration,
    autoPlay,
    lazy,
  });
  useImperativeHandle(controlRef, () => ({ playFrom: actions.playFrom, currentTime: actions.currentTime }), [
    actions,
  ]);
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
  useMainRegion(regionsRef, wsRef, view, editableRegion, `${theme.palette.primary.main}33`);

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
        sx={{
          minHeight: 96,
          cursor: 'pointer',
          // A finger takes the editable region's edges: on a phone (or any touch screen) each
          // handle is a 24 px hit area centred on the edge (wavesurfer's is 6 px inside it), its
          // line still 2 px. Only the teacher's region has handles (marks and markers do not resize).
          [`${theme.breakpoints.down('sm')}, (pointer: coarse)`]: {
            '& ::part(region-handle)': {
              width: `${HANDLE_HIT_PX}px !important`,
              border: 'none !important',
            },
            '& ::part(region-handle-left)': {
              left: `${-HANDLE_HIT_PX / 2}px !important`,
              background: handleLine(HANDLE_HIT_PX / 2),
            },
            '& ::part(region-handle-right)': {
              right: `${-HANDLE_HIT_PX / 2}px !important`,
              background: handleLine(HANDLE_HIT_PX / 2 - HANDLE_LINE_PX),
            },
          },
        }}
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
