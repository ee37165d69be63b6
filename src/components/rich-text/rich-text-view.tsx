import Box from '@mui/material/Box';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { sanitizeRichText } from '@/shared/rich-text';

/** True when the HTML holds no visible text and no media (Quill's empty `<p><br></p>`). */
export function isRichTextEmpty(html: string): boolean {
  if (/<(img|video)\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}

/**
 * Task text as the student and the teacher see it. The server sanitised it when it was saved;
 * it is sanitised again here because the cache or an older server may hold anything.
 */
export function RichTextView({ html, label }: { html: string; label?: string }) {
  const safe = useMemo(() => sanitizeRichText(DOMPurify, html), [html]);
  if (isRichTextEmpty(safe)) return null;
  return (
    <Box
      className="rich-text"
      aria-label={label}
      data-testid="rich-text"
      sx={{
        overflowWrap: 'anywhere',
        '& p': { my: 0.5 },
        '& img, & video': { maxWidth: '100%', height: 'auto' },
      }}
      // Sanitised above with the shared allowlist (src/shared/rich-text.ts).
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
