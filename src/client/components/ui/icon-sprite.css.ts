import { style } from '@vanilla-extract/css';

// The symbols' own <svg> draws nothing: a <use> draws them where they are wanted.
export const sprite = style({ display: 'none' });

// A drawn icon keeps its size beside a label that wraps (a narrow card's "Add to cart" in Urdu):
// as a flex item it would otherwise shrink, to nothing at 375 px on /following.
export const icon = style({ flexShrink: 0 });
