import { style } from '@vanilla-extract/css';

/**
 * An order number never breaks inside itself (browsers break after its hyphens): the whole number
 * moves to the next line while the sentence around it still wraps. Plain hyphens stay in the text,
 * so it copies and searches as it is written.
 */
export const orderNumber = style({ whiteSpace: 'nowrap' });
