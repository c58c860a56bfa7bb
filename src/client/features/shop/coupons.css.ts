import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const item = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space[3],
  padding: vars.space[3],
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'center', padding: vars.space[4] } },
});
export const head = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space[2] });
export const code = style({ fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.lg, letterSpacing: '0.02em' });
export const terms = style({ display: 'flex', flexWrap: 'wrap', columnGap: vars.space[3], rowGap: vars.space[1], color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2], alignItems: 'center' });
export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const statList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space[2] });
export const statRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: vars.space[3], rowGap: vars.space[1] });
