import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const form = style({
  display: 'grid',
  gap: vars.space[3],
  alignItems: 'end',
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto' } },
});
export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm, gridColumn: '1 / -1' });
export const link = style({ display: 'grid', gap: vars.space[2] });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2], alignItems: 'center' });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid' });
export const row = style({
  display: 'grid',
  gap: vars.space[2],
  paddingBlock: vars.space[3],
  borderBlockEnd: `1px solid ${vars.color.border}`,
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'center' } },
});
export const who = style({ display: 'grid', gap: 2, minWidth: 0 });
export const name = style({ fontWeight: vars.fontWeight.bold, display: 'flex', flexWrap: 'wrap', gap: vars.space[2], alignItems: 'center' });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
