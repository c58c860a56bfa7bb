import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const box = style({ display: 'flex', flexDirection: 'column', gap: vars.space[2], minWidth: 0 });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });

export const row = style({ display: 'flex', alignItems: 'center', gap: vars.space[3], flexWrap: 'wrap' });

export const preview = style({
  width: 96,
  height: 96,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  objectFit: 'cover',
  flexShrink: 0,
  display: 'grid',
  placeItems: 'center',
  color: vars.color.textMuted,
  overflow: 'hidden',
});

export const wide = style({ width: 240, height: 80 });

export const fileInput = style({
  position: 'absolute',
  width: 1,
  height: 1,
  opacity: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
});

export const pick = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space[2],
  minHeight: 44,
  padding: `0 ${vars.space[4]}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
    [`${fileInput}:focus-visible + &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const disabled = style({ opacity: 0.55, cursor: 'not-allowed', pointerEvents: 'none' });

export const progress = style({
  width: '100%',
  maxWidth: 240,
  height: 8,
  appearance: 'none',
  border: 'none',
  borderRadius: vars.radius.full,
  overflow: 'hidden',
  background: vars.color.surfaceMuted,
  selectors: {
    '&::-webkit-progress-bar': { background: vars.color.surfaceMuted, borderRadius: vars.radius.full },
    '&::-webkit-progress-value': { background: vars.color.primary, borderRadius: vars.radius.full, transition: 'width 120ms linear' },
    '&::-moz-progress-bar': { background: vars.color.primary, borderRadius: vars.radius.full },
  },
});

export const hint = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });
