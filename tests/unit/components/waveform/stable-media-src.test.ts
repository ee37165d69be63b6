import { describe, expect, it } from 'vitest';
import { keepSrc, mediaExpiry, mediaResource, nextKeptSrc } from '@/components/waveform/stable-media-src';

const NOW = Date.UTC(2026, 0, 10, 12, 0, 0);
const signed = (exp: number, sig: string) => `/api/recordings/7/content?exp=${exp}&sig=${sig}`;
const inSeconds = (s: number) => Math.floor(NOW / 1000) + s;

describe('stable media address', () => {
  it('tells the content apart from its signature', () => {
    expect(mediaResource(signed(1, 'a'))).toBe(mediaResource(signed(2, 'b')));
    expect(mediaResource(signed(1, 'a'))).not.toBe(mediaResource('/api/recordings/8/content?exp=1&sig=a'));
  });

  it('reads our exp and an S3 pre-signed expiry', () => {
    expect(mediaExpiry(signed(1_800_000_000, 'x'))).toBe(1_800_000_000_000);
    expect(
      mediaExpiry(
        'https://bucket.example/key.webm?X-Amz-Date=20260110T120000Z&X-Amz-Expires=3600&X-Amz-Signature=s',
      ),
    ).toBe(NOW + 3_600_000);
    expect(mediaExpiry('/plain.webm')).toBeNull();
  });

  it('keeps the first signing of the same content while it is good', () => {
    const kept = keepSrc(signed(inSeconds(6 * 3600), 'first'), NOW);
    expect(nextKeptSrc(kept, signed(inSeconds(6 * 3600 + 5), 'second'), NOW + 60_000)).toBe(kept);
  });

  it('takes the new signing when the kept one nears its expiry', () => {
    const kept = keepSrc(signed(inSeconds(600), 'first'), NOW);
    const fresh = signed(inSeconds(6 * 3600), 'second');
    expect(nextKeptSrc(kept, fresh, NOW + 6 * 60_000).src).toBe(fresh);
  });

  it('takes another content at once', () => {
    const kept = keepSrc(signed(inSeconds(6 * 3600), 'first'), NOW);
    const other = '/api/recordings/8/content?exp=1&sig=z';
    expect(nextKeptSrc(kept, other, NOW).src).toBe(other);
  });

  it('keeps an address without an expiry for ten minutes', () => {
    const kept = keepSrc('/media/a.webm?v=1', NOW);
    expect(nextKeptSrc(kept, '/media/a.webm?v=2', NOW + 9 * 60_000)).toBe(kept);
    expect(nextKeptSrc(kept, '/media/a.webm?v=2', NOW + 11 * 60_000).src).toBe('/media/a.webm?v=2');
  });
});
