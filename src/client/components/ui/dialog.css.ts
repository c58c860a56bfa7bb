import { keyframes, style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

const rise = keyframes({ from: { opacity: 0, transform: 'translateY(12px) scale(0.98)' }, to: { opacity: 1, transform: 'none' } });

export const dialog = style({
  width: 'min(480px, calc(100vw - 32px))',
  maxHeight: 'calc(100dvh - 32px)',
  // On a phone a little less room around the text: a title's order number (kept whole) fits the 375 px screen.
  padding: vars.space[4],
  border: 0,
  borderRadius: vars.radius.xl,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  animation: `${rise} 160ms ease-out`,
  selectors: {
    '&::backdrop': { background: vars.color.overlay, backdropFilter: 'blur(2px)' },
  },
  '@media': { [media.tablet]: { padding: vars.space[6] } },
});

export const title = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  marginBottom: vars.space[2],
  '@media': { [media.tablet]: { fontSize: vars.fontSize.xl } },
});
export const body = style({ color: vars.color.textMuted, display: 'flex', flexDirection: 'column', gap: vars.space[2] });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'flex-end',
  gap: vars.space[2],
  marginTop: vars.space[6],
});
export const icon = style({ marginBottom: vars.space[3] });
