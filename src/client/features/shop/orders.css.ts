import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const order = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3] });

export const head = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-start', gap: vars.space[2] });

export const number = style({ fontWeight: vars.fontWeight.bold, fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const columns = style({
  display: 'grid',
  gap: vars.space[3],
  gridTemplateColumns: '1fr',
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});

export const block = style({ display: 'flex', flexDirection: 'column', gap: 2, fontSize: vars.fontSize.sm, minWidth: 0, overflowWrap: 'anywhere' });

export const blockTitle = style({ fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.bold, textTransform: 'uppercase', letterSpacing: '0.04em', color: vars.color.textMuted });

export const items = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space[2] });

export const item = style({ display: 'flex', gap: vars.space[3], alignItems: 'center', fontSize: vars.fontSize.sm });

export const itemImage = style({ width: 44, height: 44, borderRadius: vars.radius.sm, objectFit: 'cover', background: vars.color.surfaceMuted, flexShrink: 0 });

export const itemName = style({ flex: 1, minWidth: 0 });

export const swatch = style({ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', border: `1px solid ${vars.color.borderStrong}`, verticalAlign: 'middle', marginRight: 4 });

export const totals = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: `2px ${vars.space[4]}`,
  fontSize: vars.fontSize.sm,
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space[2],
});

export const total = style({ fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.md });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2], alignItems: 'center' });

export const history = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2], fontSize: vars.fontSize.xs, color: vars.color.textMuted, listStyle: 'none', margin: 0, padding: 0 });

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[3], alignItems: 'flex-end', justifyContent: 'space-between' });

export const live = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space[2], fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const liveDot = style({ width: 8, height: 8, borderRadius: '50%', background: vars.color.success });

globalStyle(`${totals} > :nth-child(even)`, { textAlign: 'right' });
