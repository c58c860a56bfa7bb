import type { KeyboardEvent } from 'react';

/**
 * The step a left or right arrow key takes through a row of choices: +1 towards the row's end, -1
 * towards its start. In right-to-left pages the row runs from right to left, so ArrowLeft moves on.
 */
export function inlineArrowStep(event: KeyboardEvent<HTMLElement>): -1 | 0 | 1 {
  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return 0;
  const forward = getComputedStyle(event.currentTarget).direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  return event.key === forward ? 1 : -1;
}
