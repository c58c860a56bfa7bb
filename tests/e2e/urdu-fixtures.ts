import { expect, type Page } from '@playwright/test';

/**
 * Checks for an Urdu page (issue 21): no English left in the interface. Collects the visible text
 * nodes outside what people wrote (elements with dir="auto": names, descriptions, reviews), outside
 * isolated data (<bdi>, dir="ltr": prices, phone numbers, order numbers, SKUs) and outside what is
 * English on purpose (lang="en": the switch back to English), and returns the Latin-letter words
 * found there. Currency symbols and digits are not words.
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
      for (const word of node.textContent?.match(/[A-Za-z]{2,}/g) ?? []) words.push(`${word} (in <${parent.tagName.toLowerCase()}>: "${parent.textContent?.trim().slice(0, 60)}")`);
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

/** An element reads left to right inside the Urdu page (a price, a phone number): its direction as laid out. */
export async function readsLeftToRight(page: Page, selector: string): Promise<void> {
  const directions = await page.locator(selector).evaluateAll((elements) => elements.map((e) => getComputedStyle(e).direction));
  expect(directions.length).toBeGreaterThan(0);
  expect(directions.every((d) => d === 'ltr')).toBe(true);
}
