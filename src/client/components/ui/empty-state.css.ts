import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space[3],
  padding: `${vars.space[12]} ${vars.space[4]}`,
  color: vars.color.textMuted,
});

export const icon = style({
  width: 56,
  height: 56,
  borderRadius: '50%',
  display: 'grid',
  placeItems: 'center',
  background: vars.color.primarySoft,
  color: vars.color.primary,
});

export const title = style({ color: vars.color.text, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });
