import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** /saved: "Price dropped from …" wraps under the price on a phone's narrow card. */
export const dropped = style({ margin: 0, color: vars.color.success, fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold });
