import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import DOMPurify from 'dompurify';
import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useId, useRef } from 'react';
import { sanitizeRichText } from '@/shared/rich-text';

/** The editor is 250 px high. */
export const RICH_TEXT_EDITOR_HEIGHT = 250;

/** Bold, underline, strike and clean, nothing else (the sanitiser keeps the same marks). */
const TOOLBAR = [['bold', 'underline', 'strike', 'clean']];

const BUTTON_LABELS: Record<string, string> = {
  bold: 'Жирный',
  underline: 'Подчеркнутый',
  strike: 'Зачеркнутый',
  clean: 'Очистить форматирование',
};

/** The editor's HTML, or '' when it holds nothing (Quill keeps one empty line). */
function editorHtml(quill: Quill): string {
  if (quill.getLength() <= 1 && quill.getText().trim() === '') return '';
  return quill.root.innerHTML;
}

/**
 * Quill 2 rich-text editor. `initialValue` is read once when it mounts (mount it afresh for
 * each dialog opening); every change reports the HTML through `onChange`.
 */
export function RichTextEditor({
  label,
  initialValue,
  onChange,
}: {
  label: string;
  initialValue: string;
  onChange: (html: string) => void;
}) {
  const hostRef = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  const initialRef = useRef(initialValue);
  const labelId = useId();
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    // Quill puts its toolbar before the element it is given, so it gets an element of its own
    // inside the host; clearing the host undoes everything (StrictMode mounts twice).
    const element = document.createElement('div');
    element.style.height = `${RICH_TEXT_EDITOR_HEIGHT}px`;
    host.appendChild(element);
    const quill = new Quill(element, { theme: 'snow', modules: { toolbar: TOOLBAR } });
    const initial = initialRef.current;
    if (initial) {
      quill.setContents(quill.clipboard.convert({ html: sanitizeRichText(DOMPurify, initial) }), 'silent');
    }
    quill.root.setAttribute('role', 'textbox');
    quill.root.setAttribute('aria-multiline', 'true');
    quill.root.setAttribute('aria-labelledby', labelId);
    for (const [format, text] of Object.entries(BUTTON_LABELS)) {
      const button = host.querySelector<HTMLButtonElement>(`.ql-toolbar button.ql-${format}`);
      button?.setAttribute('aria-label', text);
      button?.setAttribute('title', text);
    }
    const handler = () => onChangeRef.current(editorHtml(quill));
    quill.on('text-change', handler);
    return () => {
      quill.off('text-change', handler);
      host.replaceChildren();
    };
  }, [labelId]);

  // A group named by the label: a form with two editors tells their toolbars apart.
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        ref={hostRef}
        data-testid="rich-text-editor"
        sx={{
          '& .ql-toolbar': { borderTopLeftRadius: 4, borderTopRightRadius: 4 },
          // Quill's buttons are 28 × 24: too small for a finger.
          '@media (pointer: coarse), (max-width: 599.95px)': {
            '& .ql-toolbar.ql-snow button': { width: 44, height: 44, padding: '10px 12px' },
          },
          '& .ql-editor': { fontSize: 16 },
        }}
      />
    </Box>
  );
}
