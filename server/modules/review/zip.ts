import type { Readable } from 'node:stream';
import { zonedClock } from '../../lib/time';
import { recordingExtension } from '../../../src/shared/recording-media';

/** Invisible formatting characters (bidi overrides can disguise an extension): dropped. */
const INVISIBLE = /\p{Cf}/gu;
/** Separators, Windows-reserved characters, control characters and spaces: become `_`. */
const UNSAFE = /[\\/:*?"<>|\p{Cc}\s]+/gu;
const PART_MAX = 60;

/** One part of an entry name: no separators, nothing invisible, no leading or trailing dots. */
export function safeNamePart(text: string): string {
  const cleaned = text
    .replace(INVISIBLE, '')
    .replace(UNSAFE, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+|[._]+$/g, '');
  const cut = Array.from(cleaned).slice(0, PART_MAX).join('');
  return cut === '' ? '_' : cut;
}

/** `yyyy-mm-dd_hh-mm` of the instant in the time zone. */
export function entryDate(iso: string, timeZone: string): string {
  const c = zonedClock(new Date(iso), timeZone);
  return `${c.year}-${c.month}-${c.day}_${c.hour}-${c.minute}`;
}

/**
 * Names entries `<surname>_<name>_<yyyy-mm-dd_hh-mm>.<ext>`, safe for any unpacker and unique
 * (case-insensitively, as Windows and macOS see them): repeats get `_2`, `_3`, ….
 */
export class EntryNamer {
  private readonly used = new Set<string>();

  constructor(private readonly timeZone: string) {}

  name(r: { surname: string; name: string; created_at: string; mime: string }): string {
    const stem = `${safeNamePart(r.surname)}_${safeNamePart(r.name)}_${entryDate(r.created_at, this.timeZone)}`;
    const ext = recordingExtension(r.mime);
    let candidate = `${stem}.${ext}`;
    for (let n = 2; this.used.has(candidate.toLowerCase()); n += 1) candidate = `${stem}_${n}.${ext}`;
    this.used.add(candidate.toLowerCase());
    return candidate;
  }
}

export interface ZipSource {
  name: string;
  date: Date;
  /** Opened only when the entry's turn comes, so one stored object is open at a time. */
  open: () => Readable;
}

/**
 * A zip (stored, not compressed: Opus and AAC do not shrink) fed one entry at a time from
 * `sources`; the archive is a stream the caller pipes out, so memory stays flat whatever the
 * total size. `signal` stops feeding (the client went away); the current entry is closed.
 * archiver loads with the first export: it is megabytes of memory a server would carry from its start.
 */
export async function streamZip(
  sources: AsyncIterable<ZipSource>,
  signal: AbortSignal,
  onError: (err: unknown) => void,
) {
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ store: true });

  const appendOne = (source: ZipSource) =>
    new Promise<void>((resolve, reject) => {
      const content = source.open();
      const cleanup = () => {
        archive.off('entry', onEntry);
        archive.off('error', onFail);
        content.off('error', onFail);
        signal.removeEventListener('abort', onAbort);
      };
      const onEntry = () => {
        cleanup();
        resolve();
      };
      const onFail = (err: unknown) => {
        cleanup();
        content.destroy();
        reject(err instanceof Error ? err : new Error(String(err)));
      };
      const onAbort = () => onFail(new Error('aborted'));
      archive.on('entry', onEntry);
      archive.on('error', onFail);
      content.on('error', onFail);
      signal.addEventListener('abort', onAbort);
      archive.append(content, { name: source.name, date: source.date, store: true });
    });

  const feed = async () => {
    for await (const source of sources) {
      if (signal.aborted) break;
      await appendOne(source);
    }
    if (signal.aborted) {
      archive.abort();
      return;
    }
    await archive.finalize();
  };

  feed().catch((err: unknown) => {
    if (!signal.aborted) onError(err);
    archive.abort();
    archive.destroy(err instanceof Error ? err : undefined);
  });
  return archive;
}
