import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** A shop's policies: a short list of label and text, each with its icon. */
export const list = style({
  display: 'grid',
  gap: vars.space['2'],
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  fontSize: vars.fontSize.sm,
});

export const item = style({
  display: 'grid',
  gap: vars.space['1'],
});

export const icon = style({
  color: vars.color.textMuted,
  flexShrink: 0,
});

export const label = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontWeight: vars.fontWeight.semibold,
});

export const text = style({
  margin: 0,
  // Under the label's text, past its icon (16 px and the gap).
  paddingInlineStart: `calc(16px + ${vars.space['2']})`,
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
  color: vars.color.text,
});

export const link = style({
  color: vars.color.primary,
  textDecoration: 'underline',
});
