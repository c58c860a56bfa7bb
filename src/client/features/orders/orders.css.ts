import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const list = style({ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space[4] });

export const card = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3] });

export const head = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-start', gap: vars.space[2] });
export const headEnd = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: vars.space[2] });
export const number = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const items = style({ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space[2] });
export const item = style({ display: 'flex', gap: vars.space[3], alignItems: 'center', fontSize: vars.fontSize.sm });
export const itemImage = style({ width: 44, height: 44, borderRadius: vars.radius.sm, objectFit: 'cover', background: vars.color.surfaceMuted, flexShrink: 0 });
export const itemName = style({ flex: 1, minWidth: 0, overflowWrap: 'anywhere', display: 'flex', flexDirection: 'column', gap: 2 });
export const swatch = style({ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', border: `1px solid ${vars.color.borderStrong}`, verticalAlign: 'middle', marginInlineEnd: 4 });

export const grid = style({
  display: 'grid',
  gap: vars.space[4],
  gridTemplateColumns: 'minmax(0, 1fr)',
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space[3],
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});

export const party = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3], minWidth: 0 });
export const block = style({ display: 'flex', flexDirection: 'column', gap: 2, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
export const sectionTitle = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, marginBottom: vars.space[1] });
export const historyTitle = style([sectionTitle, { marginTop: vars.space[3] }]);
export const address = style({ color: vars.color.textMuted, fontStyle: 'normal' });
export const notes = style({ fontSize: vars.fontSize.sm, margin: 0, overflowWrap: 'anywhere' });

export const totals = style({ display: 'flex', flexDirection: 'column', gap: 2, fontSize: vars.fontSize.sm });
export const totalRow = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space[3] });
export const grand = style([totalRow, { fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.md }]);

export const history = style({ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space[1], color: vars.color.textMuted });

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center', gap: vars.space[2] });

export const trackForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4] });
export const or = style({ textAlign: 'center', color: vars.color.textMuted, fontSize: vars.fontSize.sm });
