/**
 * WCAG 2 contrast (issue 47): the brand colour carries white text (primary buttons, the top bar's
 * mark), so a colour on which white text is below AA's 4.5:1 is refused, by the form and the server alike.
 */

/** AA's minimum for normal text. */
export const MIN_CONTRAST = 4.5;

const HEX = /^#[0-9a-f]{6}$/i;

/** Whether a value is a colour as the settings keep it: `#` and six hex digits. */
export function isHexColour(value: string): boolean {
  return HEX.test(value);
}

/** The relative luminance of an sRGB colour (`#rrggbb`), 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The ratio of white text on `hex`, rounded down to two decimals (as it is said in the message: a
 * colour at 4.499 must not read "4.5:1" and be refused).
 */
export function whiteTextContrast(hex: string): number {
  return Math.floor(contrastRatio('#ffffff', hex) * 100) / 100;
}

/** Whether white text on `hex` reaches AA. */
export function carriesWhiteText(hex: string): boolean {
  return contrastRatio('#ffffff', hex) >= MIN_CONTRAST;
}

/** `hex` mixed with black (`amount` 0..1): the colour's hover shade. */
export function darken(hex: string, amount: number): string {
  return mix(hex, 0, amount);
}

/** `hex` mixed with white (`amount` 0..1): the colour's soft background. */
export function lighten(hex: string, amount: number): string {
  return mix(hex, 255, amount);
}

function mix(hex: string, toward: number, amount: number): string {
  const out = [1, 3, 5].map((offset) => {
    const c = parseInt(hex.slice(offset, offset + 2), 16);
    return Math.round(c + (toward - c) * amount)
      .toString(16)
      .padStart(2, '0');
  });
  return `#${out.join('')}`;
}

/** Today's theme (styles/theme.css.ts): its colour keeps its own hand-picked shades. */
const THEME = { '--brand': '#0d7a6f', '--brand-hover': '#0a6359', '--brand-soft': '#e1f4f1' } as const;

/**
 * The theme's brand variables for a colour (styles/theme.css.ts reads them, with today's values as
 * fallbacks): the colour, its hover shade and its soft background. The colour is also text on its soft
 * background (the current page in the navigation, chips), so the tint is made light enough for AA
 * there too: at worst white, on which the colour passed. The server writes them into each page's head;
 * the settings screen sets them again after a save. (Here, not in site.ts: every page's first download
 * reads site.ts, and needs none of this.)
 */
export function brandVariables(hex: string): Record<'--brand' | '--brand-hover' | '--brand-soft', string> {
  if (hex.toLowerCase() === THEME['--brand']) return { ...THEME };
  let amount = 0.9;
  while (amount < 1 && contrastRatio(hex, lighten(hex, amount)) < MIN_CONTRAST) amount = Math.min(1, amount + 0.01);
  return { '--brand': hex, '--brand-hover': darken(hex, 0.18), '--brand-soft': lighten(hex, amount) };
}
