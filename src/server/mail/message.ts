import { directionOf, type Language } from '../../shared/i18n/language';

/**
 * One email as the outbox keeps it: plain text and HTML of the same content. Built from blocks, so the
 * two never say different things; the HTML has no remote images, scripts or tracking of any kind.
 */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** A paragraph, a list of lines, or a link with its label (the text version prints the URL on its own line). */
export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'lines'; lines: string[] }
  | { kind: 'link'; label: string; url: string }
  | { kind: 'note'; text: string; url: string };

export const paragraph = (text: string): Block => ({ kind: 'paragraph', text });
export const lines = (...texts: Array<string | null | false>): Block => ({ kind: 'lines', lines: texts.filter((t): t is string => typeof t === 'string') });
export const link = (label: string, url: string): Block => ({ kind: 'link', label, url });
/** Small print ending with a plain link (how to switch emails off). */
export const note = (text: string, url: string): Block => ({ kind: 'note', text, url });

/**
 * A code read left to right whatever the language (a tracking number, a phone number): in Urdu set
 * apart as a left-to-right isolate, or its digit groups would be laid out right to left.
 */
export function leftToRight(language: Language, text: string): string {
  return language === 'ur' ? `\u2066${text}\u2069` : text;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const OPEN: Record<string, { tag: string; html: string }> = {
  '\u2066': { tag: 'span', html: '<span dir="ltr">' },
  '\u2067': { tag: 'span', html: '<span dir="rtl">' },
  '\u2068': { tag: 'bdi', html: '<bdi>' },
};

/**
 * Text as HTML, its directional isolates (U+2066…U+2069, which translate() puts around values in
 * Urdu) as the markup every mail client understands (`<bdi>`, `dir="ltr"`): as bare characters some
 * renderers ignore them, and a tracking number's digit groups come out right to left.
 */
function htmlText(text: string): string {
  const open: string[] = [];
  let html = '';
  for (const part of text.split(/([\u2066-\u2069])/)) {
    const opening = OPEN[part];
    if (opening) {
      open.push(opening.tag);
      html += opening.html;
    } else if (part === '\u2069') {
      const tag = open.pop();
      if (tag) html += `</${tag}>`;
    } else html += escapeHtml(part);
  }
  return html + open.reverse().map((tag) => `</${tag}>`).join('');
}

/** A header value on one line: a name or shop name with CR/LF in it can never start a header of its own. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
}

/**
 * The email itself: a subject and blocks, in the reader's language and direction (Urdu right to left,
 * with the system's Naskh font where it has one), headed by the marketplace's logo when it has one,
 * and a footer naming the marketplace.
 */
export function composeEmail(language: Language, subject: string, blocks: readonly Block[], footer: { text: string; url: string; logo?: { url: string; alt: string } }): EmailContent {
  const text = [...blocks, lines(footer.text, footer.url)]
    .map((block) => {
      if (block.kind === 'paragraph') return block.text;
      if (block.kind === 'lines') return block.lines.join('\n');
      return `${block.kind === 'link' ? block.label : block.text}:\n${block.url}`;
    })
    .join('\n\n');
  const dir = directionOf(language);
  // The reader's own fonts only (no web fonts: nothing is fetched): the Urdu ones phones and computers ship.
  const font =
    language === 'ur'
      ? "'Noto Naskh Arabic', 'Noto Nastaliq Urdu', 'Jameel Noori Nastaleeq', 'Urdu Typesetting', Tahoma, serif"
      : 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif';
  const body = blocks
    .map((block) => {
      if (block.kind === 'paragraph') return `<p style="margin:0 0 16px">${htmlText(block.text)}</p>`;
      if (block.kind === 'lines') return `<p style="margin:0 0 16px">${block.lines.map(htmlText).join('<br>')}</p>`;
      if (block.kind === 'note') {
        return `<p style="margin:16px 0 0;font-size:14px;color:#4b5563">${htmlText(block.text)}: <a href="${escapeHtml(block.url)}" style="color:#4b5563">${escapeHtml(block.url)}</a></p>`;
      }
      return (
        `<p style="margin:0 0 16px"><a href="${escapeHtml(block.url)}" style="display:inline-block;background:#111827;color:#ffffff;` +
        `padding:10px 16px;border-radius:6px;text-decoration:none">${htmlText(block.label)}</a></p>`
      );
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6">
<div dir="${dir}" style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:${font};font-size:16px;line-height:${language === 'ur' ? '1.9' : '1.5'};color:#111827;text-align:start">
${footer.logo ? `<p style="margin:0 0 16px"><img src="${escapeHtml(footer.logo.url)}" alt="${escapeHtml(footer.logo.alt)}" width="48" height="48" style="display:block;border:0;border-radius:8px"></p>\n` : ''}<div style="background:#ffffff;border-radius:8px;padding:24px">
${body}
</div>
<p style="margin:16px 0 0;font-size:13px;color:#6b7280">${htmlText(footer.text)} <a href="${escapeHtml(footer.url)}" style="color:#6b7280">${escapeHtml(footer.url)}</a></p>
</div>
</body>
</html>
`;
  return { subject: oneLine(subject), text, html };
}
