/** The file extension of a recording's media type: MP4 audio (Safari) is `.m4a`, the rest WebM. */
export function recordingExtension(mime: string): 'm4a' | 'webm' {
  const base = mime.split(';')[0]?.trim().toLowerCase();
  return base === 'audio/mp4' || base === 'video/mp4' ? 'm4a' : 'webm';
}
