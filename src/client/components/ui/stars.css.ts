import { createVar, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

// Lucide's star, drawn by CSS masks: a rating is five small spans, not five inline SVGs (a page of
// product cards carried 100 of them, most of its markup, for the server to send and the browser to hydrate).
const STAR_PATH =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z';
const mask = (fill: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='${fill}' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'><path d='${STAR_PATH}'/></svg>`)}")`;

// Each star's size, set once on the rating (a class per size), not as an inline style on each of its five stars.
const starSize = createVar();
export const stars = style({ display: 'inline-flex', alignItems: 'center', gap: 2, color: vars.color.star });
export const sizes = styleVariants({ 12: '12px', 14: '14px', 16: '16px' }, (size) => ({ vars: { [starSize]: size } }));
const star = style({
  display: 'inline-block',
  flexShrink: 0,
  width: starSize,
  height: starSize,
  backgroundColor: 'currentColor',
  maskSize: '100% 100%',
  maskRepeat: 'no-repeat',
});
export const full = style([star, { maskImage: mask('black') }]);
export const empty = style([star, { maskImage: mask('none'), color: vars.color.borderStrong }]);
export const label = style({ marginInlineStart: vars.space[1], fontSize: vars.fontSize.sm, color: vars.color.textMuted, whiteSpace: 'nowrap' });
