import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3], listStyle: 'none', padding: 0, margin: 0 });

export const productRow = style({
  display: 'grid',
  gridTemplateColumns: '64px minmax(0, 1fr)',
  gap: vars.space[3],
  alignItems: 'center',
  padding: vars.space[3],
  '@media': { [media.tablet]: { gridTemplateColumns: '80px minmax(0, 1fr) auto', padding: vars.space[4] } },
});

export const thumb = style({
  width: 64,
  height: 64,
  borderRadius: vars.radius.md,
  objectFit: 'cover',
  background: vars.color.surfaceMuted,
  display: 'grid',
  placeItems: 'center',
  color: vars.color.textMuted,
  '@media': { [media.tablet]: { width: 80, height: 80 } },
});

export const info = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 });

export const name = style({ fontWeight: vars.fontWeight.bold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const meta = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2], alignItems: 'center', fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const actions = style({
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space[2],
  alignItems: 'center',
  justifyContent: 'flex-end',
  '@media': { [media.tablet]: { gridColumn: 'auto' } },
});

export const toggle = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space[2], fontSize: vars.fontSize.sm, marginInlineEnd: 'auto' });
