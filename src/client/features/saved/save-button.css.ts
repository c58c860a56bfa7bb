import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const button = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[1],
  minHeight: 32,
  paddingInline: vars.space[2],
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  cursor: 'pointer',
  // Above a card's stretched name link (product-card.css.ts).
  position: 'relative',
  zIndex: 2,
  selectors: {
    '&[aria-pressed="true"]': { color: vars.color.danger, borderColor: vars.color.danger, background: vars.color.dangerSoft },
    '&:disabled': { cursor: 'default', opacity: 0.7 },
  },
});

/** On a card: over the image's lower corner (the badges hold the upper one). */
export const onCard = style({ position: 'absolute', bottom: vars.space[2], insetInlineEnd: vars.space[2] });

export const large = style({ minHeight: 44, paddingInline: vars.space[4], fontSize: vars.fontSize.sm });

export const heart = style({
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  flexShrink: 0,
  selectors: { '[aria-pressed="true"] > &': { fill: 'currentColor' } },
});

export const sprite = style({ position: 'absolute', width: 0, height: 0, overflow: 'hidden' });
