/**
 * Human names for the hex colors shopkeepers pick (spec section 9): the nearest of about 30 named
 * colors when its distance is below 150, otherwise the hex itself.
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

export const COLOR_NAME_MAX_DISTANCE = 150;

function parseHex(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

/** The name of the nearest named color (Euclidean RGB distance below 150), else the hex as given. */
export function colorName(hex: string, palette: readonly NamedColor[] = NAMED_COLORS): string {
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
  return best !== null && bestDistance < COLOR_NAME_MAX_DISTANCE ? best : hex;
}
