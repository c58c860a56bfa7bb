import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4] });

/** A result said in place of a form ("we sent a link", "the link expired"). */
export const notice = style({ fontWeight: vars.fontWeight.medium, lineHeight: vars.lineHeight.body });

export const forgot = style({ alignSelf: 'flex-end', fontSize: vars.fontSize.sm });

/** A quieter line under a notice. */
export const hint = style({ color: vars.color.textMuted });
