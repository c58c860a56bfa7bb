import { globalStyle } from '@vanilla-extract/css';
import { systemFonts, vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  colorScheme: 'light',
});

globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  color: vars.color.text,
  background: vars.color.bg,
  WebkitFontSmoothing: 'antialiased',
  minHeight: '100dvh',
  // Paper is white (a packing slip printed with backgrounds on).
  '@media': { print: { background: '#fff' } },
});

globalStyle('h1, h2, h3, h4, p, ul, ol, figure', { margin: 0 });
globalStyle('ul[role="list"], ol[role="list"]', { listStyle: 'none', padding: 0 });
globalStyle('img, svg', { display: 'block', maxWidth: '100%' });
globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });
globalStyle('a', { color: vars.color.primary, textDecorationThickness: '1px', textUnderlineOffset: '2px' });

globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
});

globalStyle('.visually-hidden', {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

globalStyle('*', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      transitionDuration: '0.01ms !important',
    },
  },
});

/**
 * Urdu (lang="ur", on <html> for a whole page or on one element): Noto Naskh Arabic, self-hosted and
 * downloaded on Urdu pages only (urdu-font.ts), before the system fonts for the Latin letters and
 * digits between; and taller lines, so the letters' dots and descenders are not clipped and lines do
 * not touch.
 */
const urduFonts = `'Noto Naskh Arabic', ${systemFonts}`;
globalStyle('[lang|="ur"]', {
  vars: { [vars.font.body]: urduFonts, [vars.lineHeight.body]: '1.8', [vars.lineHeight.tight]: '1.5', [vars.lineHeight.snug]: '1.7' },
  fontFamily: urduFonts,
  lineHeight: vars.lineHeight.body,
});
