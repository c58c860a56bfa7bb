import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space[2],
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  cursor: 'pointer',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  transition: 'background-color 120ms ease, border-color 120ms ease, color 120ms ease, transform 80ms ease',
  userSelect: 'none',
  selectors: {
    '&:active:not(:disabled)': { transform: 'translateY(1px)' },
    '&:disabled, &[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const variant = styleVariants({
  primary: {
    background: vars.color.primary,
    color: vars.color.primaryText,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.primaryHover } },
  },
  secondary: {
    background: vars.color.surfaceMuted,
    color: vars.color.text,
    borderColor: vars.color.border,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.border } },
  },
  outline: {
    background: vars.color.surface,
    color: vars.color.text,
    borderColor: vars.color.borderStrong,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceMuted } },
  },
  ghost: {
    background: 'transparent',
    color: vars.color.text,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceMuted } },
  },
  danger: {
    background: vars.color.danger,
    color: '#fff',
    selectors: { '&:hover:not(:disabled)': { background: vars.color.dangerHover } },
  },
  whatsapp: {
    background: vars.color.whatsapp,
    color: '#fff',
    selectors: { '&:hover:not(:disabled)': { filter: 'brightness(0.92)' } },
  },
});

export const size = styleVariants({
  sm: { minHeight: 36, padding: `0 ${vars.space[3]}`, fontSize: vars.fontSize.sm },
  md: { minHeight: 44, padding: `0 ${vars.space[4]}`, fontSize: vars.fontSize.md },
  lg: { minHeight: 52, padding: `0 ${vars.space[6]}`, fontSize: vars.fontSize.lg },
  icon: { width: 44, height: 44, padding: 0 },
});

export const block = style({ width: '100%' });
