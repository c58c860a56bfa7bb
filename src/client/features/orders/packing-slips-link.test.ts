import { describe, expect, it } from 'vitest';
import { packingSlipsHref, readPackingSlipsSearch } from './packing-slips-link';

describe('packing slips links', () => {
  it('names the orders in the order given, and the paper when it is the label', () => {
    expect(packingSlipsHref([12])).toBe('/shop/orders/slips?ids=12');
    expect(packingSlipsHref([3, 1, 2], 'label')).toBe('/shop/orders/slips?ids=3,1,2&paper=label');
    expect(packingSlipsHref([3, 1], 'a4')).toBe('/shop/orders/slips?ids=3,1');
  });

  it('reads back what it wrote', () => {
    const href = packingSlipsHref([3, 1, 2], 'label');
    expect(readPackingSlipsSearch(href.slice(href.indexOf('?')))).toEqual({ orderIds: [3, 1, 2], paper: 'label' });
  });

  it('leaves out what is not an order id, and an id given twice', () => {
    expect(readPackingSlipsSearch('?ids=7,abc,,-2,0,1.5,7,%20 9&paper=poster')).toEqual({ orderIds: [7, 9], paper: 'a4' });
    expect(readPackingSlipsSearch('')).toEqual({ orderIds: [], paper: 'a4' });
  });

  it('asks for at most 100 slips', () => {
    const ids = Array.from({ length: 150 }, (_, i) => i + 1);
    expect(readPackingSlipsSearch(`?ids=${ids.join(',')}`).orderIds).toHaveLength(100);
  });
});
