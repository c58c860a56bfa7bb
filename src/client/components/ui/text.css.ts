import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** A muted description cut to two lines (shop cards, admin lists). */
export const summary = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
});
