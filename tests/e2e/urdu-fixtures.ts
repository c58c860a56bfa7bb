import { expect, type Page } from '@playwright/test';

/**
 * Checks for an Urdu page (issue 21): no English left in the interface. Collects the visible text
 * nodes outside what people wrote (elements with dir="auto": names, descriptions, reviews), outside
 * isolated data (<bdi>, dir="ltr", or a text's own isolates U+2068…U+2069: prices, phone numbers,
 * order numbers, SKUs) and outside what is English on purpose (lang="en": the switch back to English),
 * and returns the Latin-letter words found there. Currency symbols (Rs) and digits are not words.
 */
export async function englishLeft(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skipped = (element: Element | null): boolean => {
      for (let node = element; node; node = node.parentElement) {
        if (node.matches('bdi, [dir="auto"], [dir="ltr"], [lang]:not([lang="ur"]), script, style, noscript, svg, .visually-hidden')) return true;
      }
      return false;
    };
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return style.visibility !== 'hidden' && style.display !== 'none' && box.width > 0 && box.height > 0;
    };
    const words: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || skipped(parent) || !visible(parent)) continue;
      const text = (node.textContent ?? '').replace(/\u2068[^\u2069]*\u2069/g, ' ').replace(/\bRs\b/g, ' ');
      for (const word of text.match(/[A-Za-z]{2,}/g) ?? []) words.push(`${word} (in <${parent.tagName.toLowerCase()}>: "${parent.textContent?.trim().slice(0, 60)}")`);
    }
    // Placeholders and the labels of controls are read too.
    for (const input of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
      if (skipped(input) || !visible(input)) continue;
      for (const word of input.getAttribute('placeholder')?.match(/[A-Za-z]{2,}/g) ?? []) words.push(`${word} (placeholder)`);
    }
    return words;
  });
}

/** The page is Urdu, right to left, and shows no English of ours. */
export async function expectUrdu(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(await englishLeft(page)).toEqual([]);
}

/**
 * The prices, phone numbers and order numbers of a page (its <bdi> elements that hold one: "Rs 1,500",
 * "+92 300 …", "ORD-…") read left to right inside the Urdu page: their direction as laid out. (A name
 * in a <bdi> takes its own direction: an Urdu shop name reads right to left, as it should.)
 */
export async function readsLeftToRight(page: Page, selector: string): Promise<void> {
  const directions = await page.locator(selector).evaluateAll((elements) =>
    elements.filter((e) => /^(Rs|PKR|US\$|\$|\+\d|ORD-)/.test((e.textContent ?? '').trim())).map((e) => `${getComputedStyle(e).direction} ${e.textContent}`),
  );
  expect(directions.length).toBeGreaterThan(0);
  expect(directions.filter((d) => !d.startsWith('ltr '))).toEqual([]);
}
