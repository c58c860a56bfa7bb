import { style } from '@vanilla-extract/css';

// The symbols' own <svg> draws nothing: a <use> draws them where they are wanted.
export const sprite = style({ display: 'none' });
