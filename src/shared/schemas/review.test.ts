import { describe, expect, it } from 'vitest';
import { isRating } from '../constants';
import { ratingSchema } from './review';

describe('isRating', () => {
  it('accepts exactly what ratingSchema accepts (the form checks without zod, the server with it)', () => {
    for (const value of [-1, 0, 0.5, 1, 2, 2.5, 3, 4, 5, 5.1, 6, Number.NaN, Number.POSITIVE_INFINITY, '3', null, undefined]) {
      expect(isRating(value), String(value)).toBe(ratingSchema.safeParse(value).success);
    }
  });
});
