import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** The logo as it is stored: square, whole (issue 47). */
export const logoPreview = style({
  inlineSize: 96,
  blockSize: 96,
  flexShrink: 0,
  display: 'grid',
  placeItems: 'center',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  color: vars.color.textMuted,
});
