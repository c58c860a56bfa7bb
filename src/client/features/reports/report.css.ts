import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3], textAlign: 'start' });

export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, margin: 0 });
