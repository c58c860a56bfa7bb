/** What the packing slips are printed on: A4 sheets, or 4×6 in shipping labels. */
export type SlipPaper = 'a4' | 'label';

/** At most this many ids in one link (the server prints at most 100 slips at a time, MAX_PACKING_SLIPS). */
const MAX_IDS = 100;

/**
 * The link to the packing slips of these orders, printed in the order given: `/shop/orders/slips?ids=3,1`
 * (and `&paper=label` for labels). Relative to the app's base, as wouter's links are (Urdu stays Urdu).
 */
export function packingSlipsHref(orderIds: readonly number[], paper: SlipPaper = 'a4'): string {
  const query = `ids=${orderIds.join(',')}${paper === 'label' ? '&paper=label' : ''}`;
  return `/shop/orders/slips?${query}`;
}

/** The order ids and paper a slips link names; ids that are not positive whole numbers are left out. */
export function readPackingSlipsSearch(search: string): { orderIds: number[]; paper: SlipPaper } {
  const params = new URLSearchParams(search);
  const ids = (params.get('ids') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,15}$/.test(part))
    .map(Number)
    .filter((id) => id > 0);
  return { orderIds: [...new Set(ids)].slice(0, MAX_IDS), paper: params.get('paper') === 'label' ? 'label' : 'a4' };
}
