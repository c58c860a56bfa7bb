import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const barcode = style({ margin: 0, display: 'inline-flex', flexDirection: 'column', alignItems: 'center', maxWidth: '100%' });
// White behind the bars (a scanner needs the quiet zone light), never wider than its box on a phone.
export const bars = style({ display: 'block', maxWidth: '100%', background: '#fff' });
export const text = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, letterSpacing: '0.04em', marginTop: 2, whiteSpace: 'nowrap' });
