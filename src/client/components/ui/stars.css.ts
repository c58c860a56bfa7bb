import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const stars = style({ display: 'inline-flex', alignItems: 'center', gap: 2, color: vars.color.star });
export const empty = style({ color: vars.color.borderStrong });
export const label = style({ marginLeft: vars.space[1], fontSize: vars.fontSize.sm, color: vars.color.textMuted, whiteSpace: 'nowrap' });
