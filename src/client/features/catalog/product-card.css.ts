import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

/** 2 columns on phones, 3 on tablets, 4 on desktops, 5 on wide screens. */
export const grid = style({
  display: 'grid',
  gap: vars.space[3],
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  listStyle: 'none',
  padding: 0,
  margin: 0,
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: vars.space[4] },
    [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
    [media.wide]: { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' },
  },
});

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  boxShadow: vars.shadow.sm,
  transition: 'box-shadow 150ms ease, border-color 150ms ease',
  selectors: { '&:hover': { boxShadow: vars.shadow.md, borderColor: vars.color.borderStrong } },
});

export const imageWrap = style({ position: 'relative', aspectRatio: '1 / 1', background: vars.color.surfaceMuted });

export const image = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const placeholder = style({
  width: '100%',
  height: '100%',
  display: 'grid',
  placeItems: 'center',
  color: vars.color.textMuted,
});

export const badges = style({ position: 'absolute', top: vars.space[2], insetInlineStart: vars.space[2], display: 'flex', flexDirection: 'column', gap: vars.space[1], alignItems: 'flex-start' });

export const body = style({ display: 'flex', flexDirection: 'column', gap: 2, padding: vars.space[3], flex: 1 });

export const name = style({
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.snug,
  color: vars.color.text,
  textDecoration: 'none',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  selectors: {
    // The whole card is clickable through the name's link.
    '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 1 },
  },
  '@media': { [media.tablet]: { fontSize: vars.fontSize.md } },
});

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const shopRow = style({ display: 'flex', alignItems: 'center', gap: vars.space[1], flexWrap: 'wrap', fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const footer = style({ marginTop: 'auto', paddingTop: vars.space[2], display: 'flex', flexDirection: 'column', gap: vars.space[2] });

// In a narrow card (two to a row inside /following's boxes at 375 px, or Urdu's longer label) the
// label wraps inside the button instead of running past its edge.
export const action = style({ position: 'relative', zIndex: 2, maxWidth: '100%', whiteSpace: 'normal', textAlign: 'center', paddingBlock: vars.space[1] });
