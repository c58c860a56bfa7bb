import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const root = style({ position: 'relative', borderRadius: vars.radius.lg, overflow: 'hidden', background: vars.color.surfaceMuted });

export const track = style({ display: 'flex', transition: 'transform 500ms ease' });

export const slide = style({ flex: '0 0 100%', position: 'relative', aspectRatio: '16 / 7', '@media': { [media.desktop]: { aspectRatio: '16 / 5' } } });

export const link = style({ display: 'block', width: '100%', height: '100%' });

export const image = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const caption = style({
  position: 'absolute',
  insetInlineStart: 0,
  insetInlineEnd: 0,
  bottom: 0,
  padding: `${vars.space[6]} ${vars.space[4]} ${vars.space[3]}`,
  color: '#fff',
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  background: 'linear-gradient(to top, rgba(0,0,0,0.6), transparent)',
  pointerEvents: 'none',
  paddingInlineEnd: 220,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  // On phones the controls take the caption's row: the title stays for screen readers only.
  '@media': {
    'screen and (max-width: 639px)': {
      clip: 'rect(0 0 0 0)',
      clipPath: 'inset(50%)',
      width: 1,
      height: 1,
      padding: 0,
      overflow: 'hidden',
    },
  },
});

export const controls = style({
  position: 'absolute',
  insetInlineEnd: vars.space[2],
  bottom: vars.space[2],
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[1],
  padding: 2,
  borderRadius: vars.radius.full,
  background: 'rgba(17,24,39,0.55)',
});

export const control = style({
  border: 0,
  background: 'transparent',
  color: '#fff',
  width: 32,
  height: 32,
  borderRadius: '50%',
  display: 'grid',
  placeItems: 'center',
  cursor: 'pointer',
  selectors: { '&:hover': { background: 'rgba(255,255,255,0.2)' } },
});

export const dot = style({
  width: 24,
  height: 24,
  border: 0,
  padding: 0,
  background: 'transparent',
  cursor: 'pointer',
  display: 'grid',
  placeItems: 'center',
  selectors: {
    '&::before': { content: '""', width: 8, height: 8, borderRadius: '50%', background: 'rgba(255,255,255,0.55)' },
    '&[aria-current="true"]::before': { background: '#fff', width: 10, height: 10 },
  },
});
