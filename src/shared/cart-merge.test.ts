import { describe, expect, it } from 'vitest';
import { MAX_CART_LINES, type OrderLine } from './cart';
import { mergeCartLines } from './cart-merge';

const line = (productId: number, quantity: number, size: string | null = null): OrderLine => ({ productId, color: null, size, quantity });
const plenty = () => ({ sellable: true, stock: 100 });

describe('mergeCartLines', () => {
  it('adds the quantities of the same product, color and size, and keeps the other lines', () => {
    const { lines, notes } = mergeCartLines([line(1, 2), line(2, 1)], [line(1, 3), line(1, 1, 'M')], plenty, 50);
    expect(lines).toEqual([line(1, 5), line(2, 1), line(1, 1, 'M')]);
    expect(notes).toEqual([]);
  });

  it('caps a line at its stock and tells which', () => {
    const { lines, notes } = mergeCartLines([line(1, 2)], [line(1, 3)], () => ({ sellable: true, stock: 4 }), 50);
    expect(lines).toEqual([line(1, 4)]);
    expect(notes).toEqual([{ productId: 1, color: null, size: null, kept: 4, reason: 'stock' }]);
  });

  it('caps a product at the per-product maximum across its sizes', () => {
    const { lines, notes } = mergeCartLines([line(1, 6, 'S')], [line(1, 6, 'M')], plenty, 10);
    expect(lines).toEqual([line(1, 6, 'S'), line(1, 4, 'M')]);
    expect(notes).toEqual([{ productId: 1, color: null, size: 'M', kept: 4, reason: 'maxPerProduct' }]);
  });

  it('drops what cannot be sold and what is past the line limit, with a note each, keeping the rest', () => {
    const many = Array.from({ length: MAX_CART_LINES + 5 }, (_, i) => line(100 + i, 1));
    const { lines, notes } = mergeCartLines([], [line(9, 1), ...many], (l) => ({ sellable: l.productId !== 9, stock: 10 }), 50);
    expect(lines).toHaveLength(MAX_CART_LINES);
    expect(notes.filter((n) => n.reason === 'unavailable')).toEqual([{ productId: 9, color: null, size: null, kept: 0, reason: 'unavailable' }]);
    expect(notes.filter((n) => n.reason === 'tooManyLines')).toHaveLength(5);
  });

  it('drops a sold-out line', () => {
    const { lines, notes } = mergeCartLines([], [line(1, 2)], () => ({ sellable: true, stock: 0 }), 50);
    expect(lines).toEqual([]);
    expect(notes).toEqual([{ productId: 1, color: null, size: null, kept: 0, reason: 'stock' }]);
  });
});
