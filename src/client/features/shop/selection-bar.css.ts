import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const bar = style({
  position: 'sticky',
  // Above the bottom navigation: its links' height, its 1 px top border and the phone's safe area (layout.css.ts bottomNav).
  bottom: `calc(${vars.layout.bottomNavHeight} + 1px + env(safe-area-inset-bottom) + ${vars.space[2]})`,
  zIndex: 40,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space[2],
  padding: vars.space[3],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.lg,
  '@media': { [media.desktop]: { bottom: vars.space[3] }, print: { display: 'none' } },
});

// The count first, its actions after it on the same line when they fit.
export const count = style({ marginInlineEnd: 'auto', fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm });
