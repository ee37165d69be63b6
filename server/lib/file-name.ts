export const FILE_NAME_MAX_LENGTH = 255;

/** Control and invisible formatting characters (bidi overrides can disguise an extension). */
const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}]/gu;

/** A display name: hidden characters removed, trimmed, at most 255 characters. */
export function cleanDisplayName(name: string): string {
  const cleaned = name.replace(HIDDEN_CHARACTERS, '').trim();
  // Cut by code points so a surrogate pair is never split.
  return Array.from(cleaned).slice(0, FILE_NAME_MAX_LENGTH).join('').trim();
}

/**
 * A client's file name as metadata only: any directory part dropped, hidden characters removed,
 * length capped. Stored objects never use it, so this is about display, not path safety.
 */
export function uploadedFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = cleanDisplayName(base);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'file' : cleaned;
}
