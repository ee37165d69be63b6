/** Bytes `detectMediaType` needs from the start of a file to decide. */
export const SNIFF_BYTES = 16;

const ascii = (bytes: Uint8Array, offset: number, text: string) =>
  bytes.length >= offset + text.length && [...text].every((ch, i) => bytes[offset + i] === ch.charCodeAt(0));

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

// ISO-BMFF brands that are still images (HEIF ones no browser but Safari shows are refused).
const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** An MPEG audio frame header (MPEG-1/2/2.5, layers I–III), the start of a tagless MP3. */
function isMpegFrame(b: Uint8Array): boolean {
  if (b.length < 3 || b[0] !== 0xff || (b[1] & 0xe0) !== 0xe0) return false;
  const version = (b[1] >> 3) & 3;
  const layer = (b[1] >> 1) & 3;
  const bitrate = b[2] >> 4;
  const sampleRate = (b[2] >> 2) & 3;
  // Layer 00 is ADTS (AAC), version 01 is reserved; bitrate 1111 and rate 11 are invalid.
  return version !== 1 && layer !== 0 && bitrate !== 0xf && sampleRate !== 3;
}

/**
 * The media type of a teacher's upload, judged from its first bytes (never from the client's
 * word), or null when it is not an image or audio format we serve. SVG is refused on purpose:
 * it is a document that can carry script.
 */
export function detectMediaType(head: Uint8Array): string | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return 'image/gif';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'image/webp';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'audio/wav';
  if (ascii(head, 0, 'OggS')) return 'audio/ogg';
  if (ascii(head, 0, 'fLaC')) return 'audio/flac';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'audio/webm';
  if (ascii(head, 4, 'ftyp') && head.length >= 12) {
    const brand = String.fromCharCode(...head.subarray(8, 12)).toLowerCase();
    if (AVIF_BRANDS.has(brand)) return 'image/avif';
    if (HEIF_BRANDS.has(brand)) return null;
    return 'audio/mp4';
  }
  if (ascii(head, 0, 'ID3')) return 'audio/mpeg';
  if (isMpegFrame(head)) return 'audio/mpeg';
  return null;
}
