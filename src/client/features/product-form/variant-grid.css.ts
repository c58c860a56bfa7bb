import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const wrap = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3] });
export const check = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space[2], fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, minHeight: 44 });
export const checkbox = style({ width: 20, height: 20, accentColor: vars.color.primary });
export const warning = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, margin: 0 });
export const rows = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space[2] });

/** One combination: its name, then stock, price and SKU side by side (the name above them on a phone). */
export const row = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space[2],
  alignItems: 'end',
  padding: vars.space[3],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  '@media': { [media.tablet]: { gridTemplateColumns: '140px 1fr' } },
});
export const name = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space[2], fontWeight: vars.fontWeight.semibold, minHeight: 40 });
export const swatch = style({ width: 16, height: 16, borderRadius: '50%', boxShadow: `0 0 0 1px ${vars.color.borderStrong}`, flex: 'none' });
export const fields = style({ display: 'grid', gridTemplateColumns: '1fr 1.3fr 1.3fr', gap: vars.space[2], minWidth: 0 });
