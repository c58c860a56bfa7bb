import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[1],
  padding: `2px ${vars.space[2]}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.body,
  whiteSpace: 'nowrap',
  border: '1px solid transparent',
});

export const tone = styleVariants({
  default: { background: vars.color.primary, color: vars.color.primaryText },
  secondary: { background: vars.color.surfaceMuted, color: vars.color.text, borderColor: vars.color.border },
  destructive: { background: vars.color.danger, color: '#fff' },
  // Darker than the theme's success green: 12 px text on the soft background needs 4.5:1 (WCAG AA).
  success: { background: vars.color.successSoft, color: '#237032' },
  warning: { background: vars.color.warningSoft, color: vars.color.warning },
  danger: { background: vars.color.dangerSoft, color: vars.color.danger },
  accent: { background: vars.color.accent, color: '#fff' },
  outline: { background: vars.color.surface, color: vars.color.text, borderColor: vars.color.borderStrong },
});
