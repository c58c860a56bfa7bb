import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const shops = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space[5] });
// On a phone the box keeps a narrow edge, so its two cards a row are as wide as /browse's.
export const shop = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[3],
  padding: vars.space[3],
  '@media': { [media.tablet]: { padding: vars.space[5] } },
});
export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space[2] });
export const name = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold, overflowWrap: 'anywhere' });
export const actions = style({ display: 'flex', alignItems: 'center', gap: vars.space[3] });
export const visit = style({ color: vars.color.primary, fontWeight: vars.fontWeight.semibold });
export const none = style({ margin: 0, color: vars.color.textMuted });
