import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

const enter = keyframes({ from: { opacity: 0, transform: 'translateY(-8px)' }, to: { opacity: 1, transform: 'none' } });

export const region = style({
  position: 'fixed',
  zIndex: 1000,
  top: `calc(${vars.layout.topBarHeight} + ${vars.space[2]})`,
  insetInlineStart: vars.space[3],
  insetInlineEnd: vars.space[3],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  pointerEvents: 'none',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.tablet]: { insetInlineStart: 'auto', width: 380, insetInlineEnd: vars.space[4] },
  },
});

export const toast = style({
  pointerEvents: 'auto',
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space[3],
  padding: `${vars.space[3]} ${vars.space[4]}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.lg,
  borderInlineStart: '4px solid',
  animation: `${enter} 160ms ease-out`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const tone = styleVariants({
  success: { borderInlineStartColor: vars.color.success },
  error: { borderInlineStartColor: vars.color.danger },
  info: { borderInlineStartColor: vars.color.primary },
});

export const iconTone = styleVariants({
  success: { color: vars.color.success },
  error: { color: vars.color.danger },
  info: { color: vars.color.primary },
});

export const message = style({ flex: 1, paddingTop: 1 });

export const close = style({
  border: 0,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  padding: 2,
  borderRadius: vars.radius.sm,
  lineHeight: 0,
});
