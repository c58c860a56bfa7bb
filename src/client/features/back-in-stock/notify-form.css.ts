import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const box = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[3],
  padding: vars.space[4],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
});

export const title = style({ margin: 0, fontWeight: 600 });

export const done = style({
  display: 'flex',
  gap: vars.space[2],
  alignItems: 'flex-start',
  margin: 0,
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  background: vars.color.successSoft,
  color: vars.color.text,
});
