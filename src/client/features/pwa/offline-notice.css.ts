import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const notice = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space[2],
  padding: `${vars.space[2]} ${vars.space[4]}`,
  background: vars.color.warningSoft,
  color: vars.color.text,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textAlign: 'center',
});
