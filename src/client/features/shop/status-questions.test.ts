import { beforeAll, describe, expect, it } from 'vitest';
import { SHARED_URDU } from '../../../shared/i18n/catalogues/urdu';
import { loadMessages, translator } from '../../../shared/i18n/translator';
import { SLOT } from '../../components/ui/text-with';
import shop from '../../i18n/catalogues/en/shop';
import urShop from '../../i18n/catalogues/ur/shop';
import { statusQuestion } from './status-questions';

const order = { total: 200_000, currency: 'PKR' };

describe('the question before an order moves', () => {
  beforeAll(() => loadMessages('ur', { ...SHARED_URDU, ...urShop }));

  it('asks before delivered, naming the order and the cash the courier collected, in its currency', () => {
    expect(statusQuestion('delivered', order, translator('en', shop), 'en')).toEqual({
      title: `Mark ${SLOT} delivered?`,
      message: 'The courier collected PKR\u00a02,000.00.',
      confirmLabel: 'Mark delivered',
      destructive: false,
    });
    expect(statusQuestion('delivered', { total: 1_250, currency: 'USD' }, translator('en', shop), 'en')?.message).toBe('The courier collected $12.50.');
  });

  it('asks in Urdu with the amount as Urdu writes it, isolated inside the sentence', () => {
    const question = statusQuestion('delivered', order, translator('ur', shop), 'ur')!;
    expect(question.message).toContain('\u2068Rs\u00a02,000\u2069');
    expect(question.title).toContain(SLOT);
    expect(question.confirmLabel).toBe('ڈیلیور شدہ کریں');
  });

  it('asks before cancelling and a return, and not before confirming or shipping (the courier dialog)', () => {
    const t = translator('en', shop);
    expect(statusQuestion('cancelled', order, t, 'en')?.message).toBe(`Order ${SLOT} will be cancelled and its items go back into stock.`);
    expect(statusQuestion('returned', order, t, 'en')?.confirmLabel).toBe('Mark as Returned');
    expect(statusQuestion('confirmed', order, t, 'en')).toBeNull();
    expect(statusQuestion('shipped', order, t, 'en')).toBeNull();
  });
});
