import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const notice = style({
  margin: 0,
  padding: `${vars.space[3]} ${vars.space[4]}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.warningSoft,
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  textAlign: 'center',
});
