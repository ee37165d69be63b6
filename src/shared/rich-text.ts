import type { Config, DOMPurify } from 'dompurify';

/** Longest task text accepted, in characters of HTML. */
export const RICH_TEXT_MAX_LENGTH = 100_000;

/** What Quill's formatting produces, nothing more. */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'span',
  'a',
  'ol',
  'ul',
  'li',
  'h1',
  'h2',
  'h3',
  'blockquote',
  'img',
  'video',
];

export const RICH_TEXT_ATTRIBUTES = [
  'href',
  'target',
  'rel',
  'src',
  'alt',
  'title',
  'width',
  'height',
  'controls',
  'class',
  'data-list',
];

export const RICH_TEXT_CONFIG: Config = {
  ALLOWED_TAGS: RICH_TEXT_TAGS,
  ALLOWED_ATTR: RICH_TEXT_ATTRIBUTES,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // DOMPurify's default with the protocols cut to web and mail (a value that is not a URL,
  // like `_blank`, still passes); img/video sources are narrowed further by the hook below.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  // HTML only: SVG and MathML are where most parser-differential tricks live.
  ALLOWED_NAMESPACES: ['http://www.w3.org/1999/xhtml'],
  KEEP_CONTENT: true,
};

const HTTP_URL = /^https?:\/\//i;
const DATA_IMAGE_URL = /^data:image\/(?:png|jpe?g|gif|webp|avif);base64,[a-z0-9+/]*={0,2}$/i;
const QUILL_CLASS = /^ql-[a-z0-9-]+$/;
const LIST_KINDS = new Set(['bullet', 'ordered', 'checked', 'unchecked']);

// Hooks belong to a DOMPurify instance; they act only while sanitizeRichText runs, so the
// instance stays usable with other settings elsewhere in the app.
const configured = new WeakSet<DOMPurify>();
let active = 0;

function allowedAttribute(tag: string, name: string, value: string): string | null {
  const compact = value.replace(/[\s\p{Cc}]+/gu, '');
  switch (name) {
    case 'src':
      if (tag === 'img') return HTTP_URL.test(compact) || DATA_IMAGE_URL.test(compact) ? compact : null;
      if (tag === 'video') return HTTP_URL.test(compact) ? compact : null;
      return null;
    case 'href':
      return tag === 'a' ? value : null;
    case 'target':
      return tag === 'a' && value === '_blank' ? value : null;
    case 'width':
    case 'height':
      return /^\d{1,5}$/.test(value) ? value : null;
    case 'controls':
      return tag === 'video' ? '' : null;
    case 'class': {
      const kept = value.split(/\s+/).filter((c) => QUILL_CLASS.test(c));
      return kept.length > 0 ? kept.join(' ') : null;
    }
    case 'data-list':
      return tag === 'li' && LIST_KINDS.has(value) ? value : null;
    default:
      return value;
  }
}

function configure(purify: DOMPurify): void {
  if (configured.has(purify)) return;
  configured.add(purify);
  purify.addHook('uponSanitizeAttribute', (node, event) => {
    if (active === 0) return;
    const value = allowedAttribute(node.nodeName.toLowerCase(), event.attrName, event.attrValue);
    if (value === null) event.keepAttr = false;
    else event.attrValue = value;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (active === 0) return;
    // A link opened from task text must not get a handle on the app's window.
    if (node.nodeName.toLowerCase() === 'a' && node.hasAttribute('href')) {
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
}

/**
 * Task text as safe HTML: only Quill's formatting, links to http(s)/mailto, images and video
 * from http(s) (images also from data:image). Takes the DOMPurify instance so the server (with a
 * jsdom window) and the browser share one policy.
 */
export function sanitizeRichText(purify: DOMPurify, html: string): string {
  configure(purify);
  active += 1;
  try {
    return purify.sanitize(html, { ...RICH_TEXT_CONFIG, RETURN_DOM: false, RETURN_DOM_FRAGMENT: false });
  } finally {
    active -= 1;
  }
}
