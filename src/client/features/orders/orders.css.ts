import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const list = style({ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space[4] });

export const head = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-start', gap: vars.space[2] });
export const number = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold, overflowWrap: 'anywhere' });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const items = style({ listStyle: 'none', padding: 0, margin: `${vars.space[3]} 0`, display: 'flex', flexDirection: 'column', gap: vars.space[2] });
export const item = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space[3], fontSize: vars.fontSize.sm });

export const grid = style({
  display: 'grid',
  gap: vars.space[4],
  gridTemplateColumns: '1fr',
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space[3],
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});

export const sectionTitle = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, marginBottom: vars.space[1] });

export const totals = style({ display: 'flex', flexDirection: 'column', gap: 2, fontSize: vars.fontSize.sm });
export const totalRow = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space[3] });
export const grand = style([totalRow, { fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.md }]);

export const history = style({ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space[1], fontSize: vars.fontSize.sm });

export const actions = style({ display: 'flex', justifyContent: 'flex-end', marginTop: vars.space[3] });

export const trackForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4] });
export const or = style({ textAlign: 'center', color: vars.color.textMuted, fontSize: vars.fontSize.sm });
