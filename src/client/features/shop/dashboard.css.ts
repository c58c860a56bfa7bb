import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const stats = style({
  display: 'grid',
  gap: vars.space[3],
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }, [media.desktop]: { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' } },
});

export const stat = style({ display: 'flex', flexDirection: 'column', gap: vars.space[1], padding: vars.space[4] });

export const statLabel = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[2],
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
});

export const statValue = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, overflowWrap: 'anywhere' });

export const statNote = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const chartBox = style({ width: '100%', height: 260 });


/** The revenue can be long (several currencies): it takes a whole row on phones and two columns on tablets. */
export const statWide = style({
  gridColumn: 'span 2',
  '@media': { [media.desktop]: { gridColumn: 'auto' } },
});
