import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { webmHeadWithDuration, withKnownDuration } from '@/features/exam-session/model/webm-duration';

// A WebM recorded by Chromium's MediaRecorder (the demo's answer): EBML header, a Segment of
// unknown size, Info without Duration, Tracks, then Clusters.
const recorded = new Uint8Array(readFileSync('scripts/demo/answer.webm'));

const DURATION_ID = [0x44, 0x89];

/** Where the Duration element's id is, or -1. */
function durationAt(bytes: Uint8Array): number {
  for (let i = 0; i + 1 < bytes.length; i++) {
    if (bytes[i] === DURATION_ID[0] && bytes[i + 1] === DURATION_ID[1]) return i;
  }
  return -1;
}

/** The Duration's value (ticks of the TimecodeScale) as stored: id, size 0x88, float64. */
function durationOf(bytes: Uint8Array): number {
  const at = durationAt(bytes);
  expect(at).toBeGreaterThan(0);
  expect(bytes[at + 2]).toBe(0x88);
  return new DataView(bytes.buffer, bytes.byteOffset + at + 3, 8).getFloat64(0);
}

/** An element with a one-byte size (data under 127 bytes), or with the size field given. */
const el = (id: number[], data: number[], size: number[] = [0x80 | data.length]) => [...id, ...size, ...data];
const EBML = el(
  [0x1a, 0x45, 0xdf, 0xa3],
  el(
    [0x42, 0x82],
    [...'webm'].map((c) => c.charCodeAt(0)),
  ),
);
const SCALE_MS = el([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]);
const SEGMENT_ID = [0x18, 0x53, 0x80, 0x67];
const INFO_ID = [0x15, 0x49, 0xa9, 0x66];
const CLUSTER = el([0x1f, 0x43, 0xb6, 0x75], [0xe7, 0x81, 0x00]);

describe('a recording played back on the device knows its length', () => {
  it("writes the measured length into a MediaRecorder WebM's header, leaving the audio as it was", () => {
    expect(durationAt(recorded.subarray(0, 0x90))).toBe(-1);
    const fixed = webmHeadWithDuration(recorded, 15.02);
    expect(fixed).not.toBeNull();
    // TimecodeScale is 1 ms: the length in milliseconds.
    expect(durationOf(fixed!)).toBeCloseTo(15020, 6);
    expect(fixed!.length).toBe(recorded.length + 11);
    // Info grew by the element (its one-byte size still holds it); everything after it is unchanged.
    const infoAt = 0x30;
    expect(fixed![infoAt + 4]).toBe(recorded[infoAt + 4] + 11);
    const infoEnd = infoAt + 5 + (recorded[infoAt + 4] & 0x7f);
    expect(fixed!.subarray(infoEnd + 11)).toEqual(recorded.subarray(infoEnd));
    expect(fixed!.subarray(0, infoEnd)).toEqual(
      Uint8Array.from([
        ...recorded.subarray(0, infoAt + 4),
        fixed![infoAt + 4],
        ...recorded.subarray(infoAt + 5, infoEnd),
      ]),
    );
  });

  it('gives back a Blob whose header says the length, its type kept; MP4 (its own length) as it is', async () => {
    const webm = new Blob([recorded], { type: 'audio/webm;codecs=opus' });
    const fixed = await withKnownDuration(webm, 15.02);
    expect(fixed.type).toBe('audio/webm;codecs=opus');
    expect(durationOf(new Uint8Array(await fixed.arrayBuffer()))).toBeCloseTo(15020, 6);
    const mp4 = new Blob([new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70])], { type: 'audio/mp4' });
    expect(await withKnownDuration(mp4, 3)).toBe(mp4);
  });

  it('grows a Segment of known size and an Info whose size no longer fits its field', () => {
    const info = el(INFO_ID, [...SCALE_MS, ...el([0x4d, 0x80], new Array<number>(110).fill(0x41))]);
    const segmentData = [...info, ...CLUSTER];
    const file = Uint8Array.from([...EBML, ...SEGMENT_ID, 0x40, segmentData.length, ...segmentData]);
    const fixed = webmHeadWithDuration(file, 2)!;
    // Info's data (117 bytes) + 11 no longer fits one byte (126 at most): a two-byte size.
    const infoAt = EBML.length + 6;
    expect([fixed[infoAt + 4], fixed[infoAt + 5]]).toEqual([0x40, info.length - 5 + 11]);
    // The Segment's two-byte size grew by the element and the longer size field.
    expect(fixed[EBML.length + 5]).toBe(segmentData.length + 12);
    expect(durationOf(fixed)).toBe(2000);
    expect(fixed.subarray(fixed.length - CLUSTER.length)).toEqual(Uint8Array.from(CLUSTER));
  });

  it('keeps a length already written, fills in a zero one, and leaves what it cannot fix safely', () => {
    const withDuration = (value: number) => {
      const bytes = el([0x44, 0x89], new Array<number>(8).fill(0));
      const data = Uint8Array.from(bytes);
      new DataView(data.buffer).setFloat64(3, value);
      const info = el(INFO_ID, [...SCALE_MS, ...data]);
      return Uint8Array.from([...EBML, ...SEGMENT_ID, 0xff, ...info, ...CLUSTER]);
    };
    expect(webmHeadWithDuration(withDuration(1500), 3)).toBeNull();
    const zero = withDuration(0);
    const filled = webmHeadWithDuration(zero, 3)!;
    expect(filled.length).toBe(zero.length);
    expect(durationOf(filled)).toBe(3000);

    // A SeekHead's offsets would point past what moved; no Info before the first Cluster; not EBML.
    const seekHead = el([0x11, 0x4d, 0x9b, 0x74], []);
    const info = el(INFO_ID, SCALE_MS);
    expect(
      webmHeadWithDuration(Uint8Array.from([...EBML, ...SEGMENT_ID, 0xff, ...seekHead, ...info]), 3),
    ).toBeNull();
    expect(
      webmHeadWithDuration(Uint8Array.from([...EBML, ...SEGMENT_ID, 0xff, ...CLUSTER, ...info]), 3),
    ).toBeNull();
    expect(webmHeadWithDuration(Uint8Array.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]), 3)).toBeNull();
    // Info cut off by the end of the bytes read; no length to write.
    const whole = Uint8Array.from([...EBML, ...SEGMENT_ID, 0xff, ...info, ...CLUSTER]);
    expect(webmHeadWithDuration(whole.subarray(0, EBML.length + 8), 3)).toBeNull();
    expect(webmHeadWithDuration(whole, 0)).toBeNull();
    expect(webmHeadWithDuration(whole, Infinity)).toBeNull();
  });
});
