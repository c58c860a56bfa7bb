/**
 * Noto Naskh Arabic for Urdu text, self-hosted: Vite copies the font files into the build beside the
 * app's own assets (no third-party font server). Only the Arabic-script subset, regular and bold: 600
 * (semibold) text uses the bold face, 500 the regular one.
 *
 * Only Urdu's chunk (i18n/urdu.ts) imports this, so English pages never download the font; an Urdu
 * page links that chunk's styles from the server, so the faces are declared before its first paint.
 * global.css.ts names the font for `[lang|="ur"]`; until a face has loaded, the system font stands in
 * (`font-display: swap`).
 */
import '@fontsource/noto-naskh-arabic/arabic-400.css';
import '@fontsource/noto-naskh-arabic/arabic-700.css';
