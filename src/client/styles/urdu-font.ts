/**
 * Noto Naskh Arabic for Urdu text, self-hosted: Vite copies the font files into the build beside the
 * app's own assets (no third-party font server). Only the Arabic-script subset, regular and bold: 600
 * (semibold) text uses the bold face, 500 the regular one.
 *
 * Nothing imports this module statically, so English pages never download the font: the i18n code
 * calls `loadUrduFont()` in the browser when the page's language is Urdu (`<html lang="ur" dir="rtl">`).
 * global.css.ts already names the font for `[lang|="ur"]`; until it has loaded, the system font
 * stands in (the font faces use `font-display: swap`).
 */
export function loadUrduFont(): Promise<unknown> {
  return Promise.all([import('@fontsource/noto-naskh-arabic/arabic-400.css'), import('@fontsource/noto-naskh-arabic/arabic-700.css')]);
}
