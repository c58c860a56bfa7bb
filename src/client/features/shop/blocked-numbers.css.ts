import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space[2] });

export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[3],
  paddingBlock: vars.space[2],
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const number = style({ display: 'grid', gap: vars.space[1] });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
