import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

/** The activity filters: one column on phones, a row that wraps from tablets up. */
export const filters = style({
  display: 'grid',
  gap: vars.space[3],
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'end',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }, [media.desktop]: { gridTemplateColumns: 'repeat(6, minmax(0, 1fr))' } },
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space[3] });
export const entry = style({ display: 'flex', flexDirection: 'column', gap: vars.space[1] });
export const head = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'baseline', gap: vars.space[2] });
export const when = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, whiteSpace: 'nowrap' });
export const line = style({ margin: 0, overflowWrap: 'anywhere' });
export const by = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const changes = style({ margin: 0, paddingInlineStart: vars.space[5], fontSize: vars.fontSize.sm, fontFamily: vars.font.mono, overflowWrap: 'anywhere' });
