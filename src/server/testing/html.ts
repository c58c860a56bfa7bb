import { parseDocument } from 'htmlparser2';

/** An element of a parsed page, as the tests read it. */
export interface HtmlElement {
  name: string;
  attribs: Record<string, string>;
  children: Array<HtmlElement | { type: string; data: string }>;
}

/** The page's elements of a tag name, by a real HTML parser (what a crawler reads, not a regex's guess). */
export function elements(html: string, name: string): HtmlElement[] {
  const found: HtmlElement[] = [];
  const walk = (node: { children?: unknown[] }) => {
    for (const child of (node.children ?? []) as Array<HtmlElement & { children?: unknown[] }>) {
      if (child.name === name) found.push(child);
      walk(child);
    }
  };
  walk(parseDocument(html) as unknown as { children: unknown[] });
  return found;
}

/** An element's own text. */
export const textOf = (element: HtmlElement) => element.children.map((c) => ('data' in c ? c.data : '')).join('');
