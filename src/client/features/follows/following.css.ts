import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const shops = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space[5] });
export const shop = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3] });
export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space[2] });
export const name = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold, overflowWrap: 'anywhere' });
export const visit = style({ color: vars.color.primary, fontWeight: vars.fontWeight.semibold });
export const none = style({ margin: 0, color: vars.color.textMuted });
