import type { DOMPurify, WindowLike } from 'dompurify';
import { sanitizeRichText } from '../../src/shared/rich-text';

let purifier: Promise<DOMPurify> | null = null;

/**
 * One DOMPurify over one jsdom window, made at first use: jsdom is slow to load at start-up, and
 * neither is needed before a task's text is saved.
 */
function getPurifier(): Promise<DOMPurify> {
  purifier ??= Promise.all([import('jsdom'), import('dompurify')]).then(
    ([{ JSDOM }, { default: createDOMPurify }]) => {
      const { window } = new JSDOM('<!DOCTYPE html>');
      return createDOMPurify(window as unknown as WindowLike);
    },
  );
  return purifier;
}

/** Task text as it is stored: sanitised with the same policy the client applies when showing it. */
export async function sanitizeTaskText(html: string): Promise<string> {
  if (html.trim() === '') return '';
  return sanitizeRichText(await getPurifier(), html);
}
