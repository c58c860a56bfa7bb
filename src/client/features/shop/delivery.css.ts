import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const rows = style({ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space[3] });

/** One city rate: city and fee side by side where there is room, the checkbox and Remove below. */
export const cityRow = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space[3],
  margin: 0,
  display: 'grid',
  gap: vars.space[3],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 12rem)' } },
});

export const legend = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, color: vars.color.textMuted, padding: `0 ${vars.space[1]}` });

export const rowFoot = style({
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[2],
});

export const check = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space[2], fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, minHeight: 44 });
export const checkbox = style({ width: 20, height: 20, accentColor: vars.color.primary });
export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
