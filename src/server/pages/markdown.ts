import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * A page's Markdown as HTML (issue 47), made on the server only, in two steps that each make it inert:
 * - markdown-it with `html: false`: raw HTML in the text is written out as text, never as markup, and
 *   its link check refuses javascript:, vbscript:, file: and data: addresses (its documented default);
 *   images are off (a page has no upload of its own, and an image is a data: or tracking address);
 * - sanitize-html (the sanitizer product descriptions already use) on the result: an allowlist of the
 *   elements Markdown makes, no attribute but a link's address and title, and only http, https,
 *   mailto and tel addresses (or this site's own paths).
 * A `#` heading becomes an <h2>: the page's title is its one <h1>.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false }).disable('image');

const PAGE_POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'strong', 'em', 's', 'ul', 'ol', 'li', 'a', 'blockquote', 'code', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'title'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // What is not allowed is dropped with its content when it can run (script, style), else unwrapped.
  disallowedTagsMode: 'discard',
  transformTags: { h1: 'h2' },
};

/** The sanitized HTML of a page's Markdown text. */
export function renderMarkdown(text: string): string {
  return sanitizeHtml(markdown.render(text), PAGE_POLICY).trim();
}

/** A page's text as plain words (its description in the page's head): the rendered text without markup, one line. */
export function markdownText(text: string, max = 160): string {
  const plain = sanitizeHtml(renderMarkdown(text).replace(/<\/(p|li|h[2-6]|blockquote|td|th)>|<br\s*\/?>/gi, '$& '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot);/g, (entity) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' })[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}
