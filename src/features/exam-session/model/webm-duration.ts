// MediaRecorder writes WebM as it goes, so its header never says how long the audio is: browsers
// then show the length as unknown (Chrome: Infinity), cannot seek by the bar, and may stop early.
// The device knows the length (it measured what it recorded): it is written into the header's
// Segment > Info > Duration before the file is played back on the device. The rest is untouched.

const ID = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  info: 0x1549a966,
  cluster: 0x1f43b675,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
} as const;

/** Where Info and its parts are found in the header. */
const HEAD_BYTES = 64 * 1024;
const DEFAULT_TIMECODE_SCALE = 1_000_000;

interface Element {
  id: number;
  /** Where the element starts, its size field, and its data. */
  start: number;
  sizeAt: number;
  sizeLength: number;
  dataAt: number;
  /** Null: unknown (a live stream's Segment and Clusters). */
  size: number | null;
}

/** Reads an element's head at `at`, or null when the bytes end first or are not EBML. */
function readElement(bytes: Uint8Array, at: number): Element | null {
  if (at >= bytes.length) return null;
  const idLength = vintLength(bytes[at]);
  if (idLength === 0 || idLength > 4 || at + idLength > bytes.length) return null;
  let id = 0;
  for (let i = 0; i < idLength; i++) id = id * 256 + bytes[at + i];
  const sizeAt = at + idLength;
  if (sizeAt >= bytes.length) return null;
  const sizeLength = vintLength(bytes[sizeAt]);
  if (sizeLength === 0 || sizeAt + sizeLength > bytes.length) return null;
  let size = bytes[sizeAt] & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i++) {
    size = size * 256 + bytes[sizeAt + i];
    allOnes &&= bytes[sizeAt + i] === 0xff;
  }
  return { id, start: at, sizeAt, sizeLength, dataAt: sizeAt + sizeLength, size: allOnes ? null : size };
}

/** The length of a variable-size integer by its first byte (0: not one). */
function vintLength(first: number): number {
  for (let length = 1; length <= 8; length++) if (first & (0x100 >> length)) return length;
  return 0;
}

/** `value` as a size field of `length` bytes, or null when it does not fit (all ones means unknown). */
function encodeSize(value: number, length: number): Uint8Array | null {
  if (value >= 2 ** (7 * length) - 1) return null;
  const out = new Uint8Array(length);
  let rest = value;
  for (let i = length - 1; i >= 0; i--) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  out[0] |= 0x100 >> length;
  return out;
}

/** `value` as a size field of the length it had, else the shortest that holds it. */
function sizeField(value: number, length: number): Uint8Array {
  const same = encodeSize(value, length);
  if (same) return same;
  for (let n = 1; n <= 8; n++) {
    const field = encodeSize(value, n);
    if (field) return field;
  }
  throw new RangeError('EBML size too large');
}

function readUint(bytes: Uint8Array, at: number, length: number): number {
  let value = 0;
  for (let i = 0; i < length; i++) value = value * 256 + bytes[at + i];
  return value;
}

const concat = (parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/**
 * The WebM header `head` (the file's first bytes, Info included) saying it lasts `seconds`, or
 * null when there is nothing to do or it cannot be done safely: not WebM, a duration already
 * there, Info not within `head`, or a SeekHead whose offsets an insertion would break
 * (MediaRecorder writes none). A header without Duration gets one (Info, and a Segment of known
 * size, grow by it); a zero one is overwritten.
 */
export function webmHeadWithDuration(head: Uint8Array, seconds: number): Uint8Array<ArrayBuffer> | null {
  if (!(seconds > 0) || !Number.isFinite(seconds)) return null;
  const ebml = readElement(head, 0);
  if (ebml?.id !== ID.ebml || ebml.size === null) return null;
  const segment = readElement(head, ebml.dataAt + ebml.size);
  if (segment?.id !== ID.segment) return null;

  let at = segment.dataAt;
  let info: Element | null = null;
  while (!info) {
    const child = readElement(head, at);
    if (!child || child.id === ID.cluster || child.id === ID.seekHead || child.size === null) return null;
    if (child.id === ID.info) info = child;
    else at = child.dataAt + child.size;
  }
  const infoSize = info.size ?? 0;
  const infoEnd = info.dataAt + infoSize;
  if (infoEnd > head.length) return null;

  let scale = DEFAULT_TIMECODE_SCALE;
  let duration: Element | null = null;
  for (let p = info.dataAt; p < infoEnd;) {
    const child = readElement(head, p);
    if (!child || child.size === null || child.dataAt + child.size > infoEnd) return null;
    if (child.id === ID.timecodeScale && child.size >= 1 && child.size <= 6) {
      scale = readUint(head, child.dataAt, child.size) || DEFAULT_TIMECODE_SCALE;
    }
    if (child.id === ID.duration) duration = child;
    p = child.dataAt + child.size;
  }
  const ticks = (seconds * 1e9) / scale;

  if (duration) {
    const view = new DataView(head.buffer, head.byteOffset + duration.dataAt, duration.size ?? 0);
    const current = duration.size === 8 ? view.getFloat64(0) : duration.size === 4 ? view.getFloat32(0) : NaN;
    if (current > 0 || (duration.size !== 8 && duration.size !== 4)) return null;
    const fixed = head.slice();
    const out = new DataView(fixed.buffer, duration.dataAt, duration.size);
    if (duration.size === 8) out.setFloat64(0, ticks);
    else out.setFloat32(0, ticks);
    return fixed;
  }

  // Duration: its id, a size of 8, a big-endian float64.
  const element = new Uint8Array(11);
  element.set([0x44, 0x89, 0x88]);
  new DataView(element.buffer).setFloat64(3, ticks);
  const infoSizeField = sizeField(infoSize + element.length, info.sizeLength);
  const grown = element.length + infoSizeField.length - info.sizeLength;
  let segmentSizeField = head.subarray(segment.sizeAt, segment.dataAt);
  if (segment.size !== null) {
    const field = encodeSize(segment.size + grown, segment.sizeLength);
    if (!field) return null;
    segmentSizeField = field;
  }
  return concat([
    head.subarray(0, segment.sizeAt),
    segmentSizeField,
    head.subarray(segment.dataAt, info.sizeAt),
    infoSizeField,
    head.subarray(info.dataAt, infoEnd),
    element,
    head.subarray(infoEnd),
  ]);
}

/**
 * The recording as a file whose length is known to the player: a WebM gets its Duration from
 * `seconds` (what the device measured); anything else (MP4 has its own), or a WebM that cannot be
 * fixed safely, is given back as it is.
 */
export async function withKnownDuration(blob: Blob, seconds: number): Promise<Blob> {
  if (!/webm/i.test(blob.type)) return blob;
  const head = new Uint8Array(await blob.slice(0, HEAD_BYTES).arrayBuffer());
  const fixed = webmHeadWithDuration(head, seconds);
  if (!fixed) return blob;
  return new Blob([fixed, blob.slice(head.length)], { type: blob.type });
}
