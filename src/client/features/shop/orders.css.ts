import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[3], alignItems: 'flex-end', justifyContent: 'space-between' });

export const live = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space[2], fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const liveDot = style({ width: 8, height: 8, borderRadius: '50%', background: vars.color.success });

export const record = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const selection = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[3], alignItems: 'center', justifyContent: 'space-between' });

export const select = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space[2], minHeight: 36, fontSize: vars.fontSize.sm, cursor: 'pointer' });
