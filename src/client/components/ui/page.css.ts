import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const page = style({
  width: '100%',
  maxWidth: vars.layout.maxWidth,
  margin: '0 auto',
  padding: `${vars.space[5]} ${vars.space[4]} ${vars.space[8]}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[5],
  '@media': { [media.tablet]: { padding: `${vars.space[8]} ${vars.space[6]} ${vars.space[10]}` } },
});

export const narrow = style({ maxWidth: 640 });

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space[3],
});

export const title = style({
  fontSize: vars.fontSize['2xl'],
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.01em',
  lineHeight: vars.lineHeight.tight,
  '@media': { [media.tablet]: { fontSize: vars.fontSize['3xl'] } },
});

export const subtitle = style({ color: vars.color.textMuted, marginTop: vars.space[1] });

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4] });

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[3], alignItems: 'center' });

export const formGrid = style({
  display: 'grid',
  gap: vars.space[4],
  gridTemplateColumns: '1fr',
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});

export const fullRow = style({ gridColumn: '1 / -1' });
