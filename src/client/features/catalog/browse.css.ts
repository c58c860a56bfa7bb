import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const filters = style({
  display: 'grid',
  gap: vars.space[3],
  gridTemplateColumns: '1fr',
  alignItems: 'end',
  '@media': { [media.tablet]: { gridTemplateColumns: '2fr 1fr' } },
});

export const strip = style({
  display: 'flex',
  gap: vars.space[2],
  overflowX: 'auto',
  padding: `${vars.space[1]} 2px ${vars.space[2]}`,
  scrollbarWidth: 'thin',
  listStyle: 'none',
  margin: 0,
});

export const chip = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space[1],
  minWidth: 72,
  padding: `${vars.space[2]} ${vars.space[2]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
  whiteSpace: 'nowrap',
  selectors: {
    '&[aria-pressed="true"]': { borderColor: vars.color.primary, background: vars.color.primarySoft, color: vars.color.primaryHover },
    '&:hover': { borderColor: vars.color.borderStrong },
  },
});

export const chipIcon = style({
  width: 36,
  height: 36,
  borderRadius: '50%',
  display: 'grid',
  placeItems: 'center',
  background: vars.color.surfaceMuted,
  overflow: 'hidden',
  color: vars.color.primary,
});

export const chipImg = style({ width: '100%', height: '100%', objectFit: 'cover' });

