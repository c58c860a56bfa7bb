import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3] });

export const fieldset = style({ border: 0, padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space[1] });

export const legend = style({ fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm, padding: 0, marginBottom: vars.space[1] });

export const starRow = style({ display: 'flex', gap: 2 });

export const starInput = style({ position: 'absolute', opacity: 0, width: 1, height: 1 });

export const starLabel = style({
  display: 'grid',
  placeItems: 'center',
  width: 40,
  height: 40,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  color: vars.color.borderStrong,
});
export const starOn = style({ color: vars.color.star });

globalStyle(`${starInput}:focus-visible + ${starLabel}`, { outline: `3px solid ${vars.color.focus}`, outlineOffset: 1 });

export const list = style({ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space[3] });

export const item = style({
  display: 'grid',
  gridTemplateColumns: '40px 1fr',
  gap: vars.space[3],
  padding: vars.space[4],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const avatar = style({
  width: 40,
  height: 40,
  borderRadius: '50%',
  background: vars.color.primarySoft,
  color: vars.color.primary,
  display: 'grid',
  placeItems: 'center',
  fontWeight: vars.fontWeight.bold,
  overflow: 'hidden',
});
export const avatarImg = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const head = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space[2], justifyContent: 'space-between' });
export const name = style({ fontWeight: vars.fontWeight.semibold });
export const date = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });
export const comment = style({ marginTop: vars.space[1], whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
export const muted = style({ color: vars.color.textMuted });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2], marginBlockStart: vars.space[1] });

export const reply = style({
  marginBlockStart: vars.space[2],
  paddingInlineStart: vars.space[3],
  borderInlineStart: `3px solid ${vars.color.border}`,
});
export const replyFrom = style({ margin: 0, fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm });
