import { useEffect, useState } from 'react';

/** A signed address is given up this long before it expires (a lazy player loads it later). */
const EXPIRY_MARGIN_MS = 5 * 60_000;
/** How long an address without a readable expiry is kept. */
const UNKNOWN_EXPIRY_KEEP_MS = 10 * 60_000;

const BASE = 'http://local.invalid';

/** Where the content lives, without the signature: two signings of one file compare equal. */
export function mediaResource(src: string): string {
  try {
    const url = new URL(src, BASE);
    return `${url.origin}${url.pathname}`;
  } catch {
    return src;
  }
}

/**
 * When a signed address stops working (ms since the epoch): our own `exp` (seconds), or an S3
 * pre-signed `X-Amz-Date` + `X-Amz-Expires`; null when it cannot be told.
 */
export function mediaExpiry(src: string): number | null {
  let params: URLSearchParams;
  try {
    params = new URL(src, BASE).searchParams;
  } catch {
    return null;
  }
  const exp = Number(params.get('exp'));
  if (params.has('exp') && Number.isFinite(exp)) return exp * 1000;
  const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(params.get('X-Amz-Date') ?? '');
  const expires = Number(params.get('X-Amz-Expires'));
  if (date && Number.isFinite(expires)) {
    const [, y, mo, d, h, mi, s] = date.map(Number);
    return Date.UTC(y, mo - 1, d, h, mi, s) + expires * 1000;
  }
  return null;
}

export interface KeptSrc {
  src: string;
  /** When the kept address should be given up for a newer signing. */
  staleAt: number;
}

export function keepSrc(src: string, now: number): KeptSrc {
  const expiry = mediaExpiry(src);
  return { src, staleAt: expiry === null ? now + UNKNOWN_EXPIRY_KEEP_MS : expiry - EXPIRY_MARGIN_MS };
}

/** The address to play: the kept one while it is the same content and still good, else the new one. */
export function nextKeptSrc(kept: KeptSrc | null, src: string, now: number): KeptSrc {
  if (kept && (kept.src === src || (mediaResource(kept.src) === mediaResource(src) && now < kept.staleAt))) {
    return kept;
  }
  return keepSrc(src, now);
}

/**
 * Every fetch of a recording signs its address anew; a player keyed on the address would be
 * rebuilt (playback stopped, regions reset) on each refetch. This keeps the first signing of
 * the same content until it nears its expiry.
 */
export function useStableMediaSrc(src: string): string {
  // The clock the decision reads, ticking once a minute (render itself stays pure).
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const [kept, setKept] = useState<KeptSrc>(() => keepSrc(src, now));
  if (kept.src === src) return src;
  const next = nextKeptSrc(kept, src, now);
  if (next !== kept) setKept(next);
  return next.src;
}
