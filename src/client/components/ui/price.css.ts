import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const price = style({ display: 'inline-flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: vars.space[2] });
export const current = style({ fontWeight: vars.fontWeight.bold, color: vars.color.text });
export const old = style({ color: vars.color.textMuted, textDecoration: 'line-through', fontSize: '0.875em' });
export const large = style({ fontSize: vars.fontSize['2xl'] });
