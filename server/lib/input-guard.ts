/**
 * Whether a parsed request part holds U+0000 in a key or a string. PostgreSQL cannot store it in
 * text (SQLite would), so it is refused up front and both databases answer alike.
 */
export function containsNul(value: unknown, seen: WeakSet<object> = new WeakSet()): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null || seen.has(value)) return false;
  seen.add(value);
  if (Array.isArray(value)) return value.some((v) => containsNul(v, seen));
  // Bytes and streams (multipart parts) are not text.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return false;
  // Parsed JSON, and query strings (whose objects have no Object.prototype): own keys and values.
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, seen));
}
