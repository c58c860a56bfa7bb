import colors from './i18n/catalogues/en/colors';
import type { Language } from './i18n/language';
import { translate } from './i18n/translator';

/**
 * Human names for the hex colors shopkeepers pick (spec section 9): the nearest of about 30 named
 * colors when its distance is below 150, otherwise the hex itself; in the reader's language.
 */
export type NamedColor = readonly [name: string, r: number, g: number, b: number];

export const NAMED_COLORS: readonly NamedColor[] = [
  ['Black', 0, 0, 0],
  ['White', 255, 255, 255],
  ['Gray', 128, 128, 128],
  ['Silver', 192, 192, 192],
  ['Charcoal', 54, 69, 79],
  ['Red', 255, 0, 0],
  ['Maroon', 128, 0, 0],
  ['Crimson', 220, 20, 60],
  ['Pink', 255, 192, 203],
  ['Hot Pink', 255, 105, 180],
  ['Orange', 255, 165, 0],
  ['Coral', 255, 127, 80],
  ['Yellow', 255, 255, 0],
  ['Gold', 255, 215, 0],
  ['Beige', 245, 245, 220],
  ['Cream', 255, 253, 208],
  ['Brown', 139, 69, 19],
  ['Tan', 210, 180, 140],
  ['Olive', 128, 128, 0],
  ['Green', 0, 128, 0],
  ['Lime', 0, 255, 0],
  ['Mint', 152, 255, 152],
  ['Teal', 0, 128, 128],
  ['Cyan', 0, 255, 255],
  ['Sky Blue', 135, 206, 235],
  ['Blue', 0, 0, 255],
  ['Navy', 0, 0, 128],
  ['Royal Blue', 65, 105, 225],
  ['Purple', 128, 0, 128],
  ['Violet', 238, 130, 238],
  ['Lavender', 230, 230, 250],
  ['Magenta', 255, 0, 255],
];

/** Each named color's message in the `colors` catalogue, which says it in the reader's language. */
const COLOR_KEYS: Readonly<Record<string, keyof typeof colors>> = {
  Black: 'colors.black',
  White: 'colors.white',
  Gray: 'colors.gray',
  Silver: 'colors.silver',
  Charcoal: 'colors.charcoal',
  Red: 'colors.red',
  Maroon: 'colors.maroon',
  Crimson: 'colors.crimson',
  Pink: 'colors.pink',
  'Hot Pink': 'colors.hotPink',
  Orange: 'colors.orange',
  Coral: 'colors.coral',
  Yellow: 'colors.yellow',
  Gold: 'colors.gold',
  Beige: 'colors.beige',
  Cream: 'colors.cream',
  Brown: 'colors.brown',
  Tan: 'colors.tan',
  Olive: 'colors.olive',
  Green: 'colors.green',
  Lime: 'colors.lime',
  Mint: 'colors.mint',
  Teal: 'colors.teal',
  Cyan: 'colors.cyan',
  'Sky Blue': 'colors.skyBlue',
  Blue: 'colors.blue',
  Navy: 'colors.navy',
  'Royal Blue': 'colors.royalBlue',
  Purple: 'colors.purple',
  Violet: 'colors.violet',
  Lavender: 'colors.lavender',
  Magenta: 'colors.magenta',
};

export const COLOR_NAME_MAX_DISTANCE = 150;

function parseHex(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

/**
 * The name of the nearest named color (Euclidean RGB distance below 150), else the hex as given; in
 * English unless a language is named: `colorName('#ff0000')` is "Red", `colorName('#ff0000', 'ur')`
 * "لال". A palette of one's own (tests) may come second, its names said as written.
 */
export function colorName(hex: string, language?: Language): string;
export function colorName(hex: string, palette: readonly NamedColor[], language?: Language): string;
export function colorName(hex: string, second?: Language | readonly NamedColor[], third?: Language): string {
  const palette = typeof second === 'object' ? second : NAMED_COLORS;
  const language = (typeof second === 'string' ? second : third) ?? 'en';
  const rgb = parseHex(hex);
  if (!rgb) return hex;
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [name, r, g, b] of palette) {
    const distance = Math.hypot(rgb[0] - r, rgb[1] - g, rgb[2] - b);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = name;
    }
  }
  if (best === null || bestDistance >= COLOR_NAME_MAX_DISTANCE) return hex;
  const key = COLOR_KEYS[best];
  return language === 'en' || !key ? best : translate(language, colors, key);
}

/**
 * A variant's label as the server's English messages write it ("Red / M", colorName's English names)
 * with its colours' names in `language`: the part of an Urdu message that names a variant.
 */
export function colorNamesIn(label: string, language: Language): string {
  if (language === 'en') return label;
  return label
    .split(' / ')
    .map((part) => {
      // Own keys only: a size named "constructor" is not a colour.
      const key = Object.hasOwn(COLOR_KEYS, part) ? COLOR_KEYS[part] : undefined;
      return key ? translate(language, colors, key) : part;
    })
    .join(' / ');
}
