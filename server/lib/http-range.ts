import type { ByteRange } from '../adapters/storage';

export type RangeRequest =
  { kind: 'full' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * Reads a `Range` header against an object of `size` bytes. No header, another unit or several
 * ranges answer the whole object (RFC 9110 lets a server ignore Range); a malformed or
 * unsatisfiable byte range answers 416.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'full' };
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return { kind: 'full' };
  const spec = match[1].trim();
  if (spec.includes(',')) return { kind: 'full' };
  const parts = /^(\d*)\s*-\s*(\d*)$/.exec(spec);
  if (!parts || (parts[1] === '' && parts[2] === '')) return { kind: 'unsatisfiable' };
  if (size === 0) return { kind: 'unsatisfiable' };

  if (parts[1] === '') {
    // Suffix range: the last N bytes.
    const suffix = Number(parts[2]);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(parts[1]);
  const end = parts[2] === '' ? size - 1 : Math.min(Number(parts[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end } };
}
