import { style } from '@vanilla-extract/css';
import { inlineSign } from '../../styles/direction.css';
import { vars } from '../../styles/theme.css';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space[1], minWidth: 0 });

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const required = style({ color: vars.color.danger, marginInlineStart: 2 });

export const control = style({
  width: '100%',
  minHeight: 44,
  padding: `${vars.space[2]} ${vars.space[3]}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontSize: vars.fontSize.md,
  transition: 'border-color 120ms ease, box-shadow 120ms ease',
  selectors: {
    '&::placeholder': { color: '#8a93a1' },
    '&:focus': { outline: 'none', borderColor: vars.color.primary, boxShadow: `0 0 0 3px ${vars.color.primarySoft}` },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&:disabled': { background: vars.color.surfaceMuted, color: vars.color.textMuted, cursor: 'not-allowed' },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});

export const textarea = style({ minHeight: 96, resize: 'vertical' });

export const hint = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const error = style({ fontSize: vars.fontSize.xs, color: vars.color.danger, fontWeight: vars.fontWeight.medium });

export const switchRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[4],
  padding: `${vars.space[3]} 0`,
});

export const switchInput = style({
  appearance: 'none',
  flexShrink: 0,
  width: 48,
  height: 28,
  margin: 0,
  borderRadius: vars.radius.full,
  background: vars.color.borderStrong,
  position: 'relative',
  cursor: 'pointer',
  transition: 'background-color 150ms ease',
  selectors: {
    '&::after': {
      content: '""',
      position: 'absolute',
      top: 3,
      insetInlineStart: 3,
      width: 22,
      height: 22,
      borderRadius: '50%',
      background: '#fff',
      boxShadow: vars.shadow.sm,
      transition: 'transform 150ms ease',
    },
    '&:checked': { background: vars.color.primary },
    // The knob starts at the inline start and slides towards the end: leftwards in right-to-left pages.
    '&:checked::after': { transform: `translateX(calc(20px * ${inlineSign}))` },
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
  },
});
