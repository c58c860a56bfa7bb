// A page's Markdown is rendered and sanitized on the server (issue 47): what the operator means
// (headings, lists, links, bold) comes through, and a corpus of XSS payloads comes out inert: no
// element but Markdown's own, no event handler, style or source attribute, no address but http(s),
// mailto, tel or this site's own paths.
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { markdownText, renderMarkdown } from './markdown';

const ALLOWED_TAGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'strong', 'em', 's', 'ul', 'ol', 'li', 'a', 'blockquote', 'code', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td']);
const ALLOWED_ATTRIBUTES: Record<string, string[]> = { a: ['href', 'title'], ol: ['start'] };
/** What a browser would open, resolved as it resolves a link on a page of this site: http(s) here or elsewhere, mail or phone only. */
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const safeHref = (href: string) => SAFE_PROTOCOLS.has(new URL(href, 'https://bazaar.example.pk/p/terms').protocol) && !href.trim().startsWith('//');

/** What in the HTML could run or load: each element, attribute and address a browser would act on. */
function problemsOf(html: string): string[] {
  const problems: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!ALLOWED_TAGS.has(name)) problems.push(`element <${name}>`);
        for (const [attribute, value] of Object.entries(attributes)) {
          if (!(ALLOWED_ATTRIBUTES[name] ?? []).includes(attribute)) problems.push(`attribute ${attribute} on <${name}>`);
          if (attribute === 'href' && !safeHref(value)) problems.push(`address ${value}`);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return problems;
}

const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<<script>script>alert(1)<</script>/script>',
  '<img src=x onerror=alert(1)>',
  '<img src="x:gif" onerror="alert(document.cookie)">',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html,<script>alert(1)</script>">',
  '<a href="javascript:alert(1)">raw link</a>',
  '<div style="background:url(javascript:alert(1))">styled</div>',
  '<style>body{display:none}</style>',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<form action="javascript:alert(1)"><button>Go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>x</details>',
  '<body onload=alert(1)>',
  '<base href="https://evil.example/">',
  '<!-- <script>alert(1)</script> -->',
  '<p onclick="alert(1)">click</p>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click]( javascript:alert(1) )',
  '[click](javascript&#58;alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[click](&#x6A;&#x61;&#x76;&#x61;script:alert(1))',
  '[click](java%0Ascript:alert(1))',
  '[click](<javascript:alert(1)>)',
  '[click](vbscript:msgbox(1))',
  '[click](file:///etc/passwd)',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[click](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '[click](//evil.example/steal)',
  '[ref][1]\n\n[1]: javascript:alert(1)',
  '[ref][x]\n\n[x]: data:text/html,<script>alert(1)</script>',
  '<javascript:alert(1)>',
  '<data:text/html,<script>alert(1)</script>>',
  '![x](data:image/png;base64,iVBORw0KGgo=)',
  '![x](https://evil.example/pixel.gif)',
  '![x](x" onerror="alert(1))',
  '[a](https://ok.example "title\\" onmouseover=\\"alert(1)")',
  '[a](https://ok.example) <b onmouseover=alert(1)>bold</b>',
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
  '    <script>alert(1)</script>',
  '> <img src=x onerror=alert(1)>',
  '- <a href="javascript:alert(1)">in a list</a>',
  '| a | b |\n| - | - |\n| <script>alert(1)</script> | [x](javascript:alert(1)) |',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '# <img src=x onerror=alert(1)>',
  '**<svg/onload=alert(1)>**',
  '<a href="&#x6A;avascript:alert(1)">entity link</a>',
  '\u0000<script>alert(1)</script>',
];

describe('renderMarkdown', () => {
  it('renders headings, lists, links and bold', () => {
    const html = renderMarkdown('# About us\n\n## Returns\n\nWe take **unused** items back.\n\n- 7 days\n- [Delivery](/p/delivery)\n\n1. Call us\n2. Write to [us](mailto:help@example.pk) or [WhatsApp](https://wa.me/923001234567)');
    expect(html).toBe(
      [
        '<h2>About us</h2>',
        '<h2>Returns</h2>',
        '<p>We take <strong>unused</strong> items back.</p>',
        '<ul>',
        '<li>7 days</li>',
        '<li><a href="/p/delivery">Delivery</a></li>',
        '</ul>',
        '<ol>',
        '<li>Call us</li>',
        '<li>Write to <a href="mailto:help@example.pk">us</a> or <a href="https://wa.me/923001234567">WhatsApp</a></li>',
        '</ol>',
      ].join('\n'),
    );
    expect(problemsOf(html)).toEqual([]);
  });

  it.each(XSS_CORPUS.map((payload) => [payload]))('renders %j inert', (payload) => {
    const html = renderMarkdown(payload);
    expect(problemsOf(html)).toEqual([]);
    // Nothing of the payload is markup a browser acts on; what is left of it is text (escaped).
    expect(html).not.toMatch(/<(script|img|svg|iframe|object|embed|style|link|meta|form|input|base|math|details|body)\b/i);
  });

  it('keeps what raw HTML said as visible text', () => {
    expect(renderMarkdown('Hello <script>alert(1)</script>')).toBe('<p>Hello &lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(renderMarkdown('[click](javascript:alert(1))')).toBe('<p>[click](javascript:alert(1))</p>');
  });
});

describe('markdownText', () => {
  it('is the words of the text on one line, cut with an ellipsis', () => {
    expect(markdownText('## Returns\n\nWe take **unused** items & more back.\n\n- 7 days')).toBe('Returns We take unused items & more back. 7 days');
    expect(markdownText('word '.repeat(100), 20)).toBe('word word word word…');
  });
});
