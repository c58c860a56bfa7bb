import { colorName, colorNamesIn } from '../../../shared/colors';
import type { Language } from '../../../shared/i18n/language';

/** What an order line says of the buyer's choice: its colour (a hex code), size and per_variant label. */
export interface ChosenOptions {
  color: string | null;
  size: string | null;
  /** A per_variant line's combination as ordered ('Red / M'), a snapshot written in English. */
  variantLabel: string | null;
}

/**
 * The choice as the order cards and packing slips say it, in the page's language: a per_variant line's
 * combination with its colours named in that language ("لال / M"), otherwise the colour's name (never its
 * code, issue 53) and the size as `sizeText` words it ("Brown · Size M"). Null when nothing was chosen.
 */
export function chosenOptionsText(line: ChosenOptions, language: Language, sizeText: (size: string) => string): string | null {
  if (line.variantLabel) return colorNamesIn(line.variantLabel, language);
  const parts = [line.color ? colorName(line.color, language) : null, line.size ? sizeText(line.size) : null].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}
