import sanitizeHtml from 'sanitize-html';

/**
 * The JSON columns of products, read defensively (a row is never trusted to be well-formed), and the
 * description sanitizer used on save and again on render (product-decisions 2.7).
 */
export interface CustomField {
  name: string;
  value: string;
}

function parseArray(text: string): unknown[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/** colors: lowercase '#rrggbb' strings. */
export function parseColors(text: string): string[] {
  return parseArray(text).filter((c): c is string => typeof c === 'string' && /^#[0-9a-f]{6}$/i.test(c)).map((c) => c.toLowerCase());
}

export function parseSizes(text: string): string[] {
  return parseArray(text).filter((s): s is string => typeof s === 'string' && s.trim() !== '');
}

export function parseCustomFields(text: string): CustomField[] {
  return parseArray(text).flatMap((f) => {
    if (!f || typeof f !== 'object') return [];
    const { name, value } = f as Record<string, unknown>;
    return typeof name === 'string' && typeof value === 'string' && name.trim() ? [{ name, value }] : [];
  });
}

const DESCRIPTION_POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a', 'code', 'pre', 'hr'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

/** Shopkeepers write HTML: keep formatting, drop scripts, event handlers, styles and javascript: URLs. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, DESCRIPTION_POLICY).trim();
}

/** The entities sanitize-html writes back into text (it reads every entity, and escapes only these). */
const ESCAPED: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/**
 * Plain text of a description, for link previews, search snippets and structured data: the text as a
 * reader sees it ("Fish & chips", not "Fish &amp; chips"; callers escape it for where it goes), a space
 * where a paragraph, line or list item ends.
 */
export function descriptionText(html: string, max = 160): string {
  const spaced = html.replace(/<\/(p|li|h[1-6]|div|blockquote)\s*>|<br\s*\/?>/gi, '$& ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot);/g, (entity) => ESCAPED[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
