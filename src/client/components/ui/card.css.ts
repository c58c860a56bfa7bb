import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  overflow: 'hidden',
});

export const padded = style({ padding: vars.space[5] });

export const interactive = style({
  transition: 'box-shadow 150ms ease, transform 150ms ease, border-color 150ms ease',
  selectors: {
    '&:hover': { boxShadow: vars.shadow.md, borderColor: vars.color.borderStrong },
  },
});

export const header = style({ marginBottom: vars.space[4], display: 'flex', flexDirection: 'column', gap: vars.space[1] });
export const title = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });
export const description = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
