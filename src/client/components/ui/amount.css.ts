import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** An amount is one word: it may move to the next line whole, never break inside (issue 48: "PKR 22,140." / "00"). */
export const amount = style({ whiteSpace: 'nowrap' });

/**
 * A card whose big figure is an amount: the card is a size container, so the figure shrinks with the card
 * (a phone's half-width card) down to the small size before anything would break or overflow.
 */
export const figureCard = style({ containerType: 'inline-size' });
export const figure = style({
  fontWeight: vars.fontWeight.bold,
  // 11% of the card's width fits "PKR 22,140.00" on a 375 px phone's half-width card.
  fontSize: `clamp(${vars.fontSize.sm}, 11cqi, ${vars.fontSize.xl})`,
});
