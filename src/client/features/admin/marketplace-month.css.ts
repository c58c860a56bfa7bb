import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3], marginBlockStart: vars.space[6] });
export const heading = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });
export const description = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const currencies = style({
  display: 'grid',
  gap: vars.space[4],
  gridTemplateColumns: 'minmax(0, 1fr)',
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const currency = style({ padding: vars.space[5], display: 'flex', flexDirection: 'column', gap: vars.space[3] });
export const currencyName = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: `${vars.space[3]} ${vars.space[4]}`,
  margin: 0,
});
export const figure = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 });
export const label = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
// An amount wraps before its currency, never inside its number (the Amount component keeps each on one line).
export const value = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });
export const note = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const attention = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space[3] });
export const attentionItem = style({ padding: vars.space[4], display: 'flex', flexDirection: 'column', gap: vars.space[2] });
export const attentionLine = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space[2] });
export const attentionNames = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
export const link = style({ color: vars.color.primary, fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm });
