import { describe, expect, it } from 'vitest';
import { lookupOf, orderLookupSchema } from './order-lookup';

describe('the admin’s order lookup', () => {
  it('tells an order number, an email and a phone number apart', () => {
    expect(lookupOf(' ord-20261128-0042-123456 ')).toEqual({ by: 'orderNumber', value: 'ORD-20261128-0042-123456' });
    expect(lookupOf('Ayesha.Khan@Example.PK')).toEqual({ by: 'email', value: 'ayesha.khan@example.pk' });
    expect(lookupOf('+92 300 1234567')).toEqual({ by: 'phone', value: '3001234567' });
    expect(lookupOf('0300-1234567')).toEqual({ by: 'phone', value: '3001234567' });
  });

  it('refuses what is none of them', () => {
    expect(lookupOf('Ayesha')).toBeNull();
    expect(lookupOf('12345')).toBeNull();
    expect(orderLookupSchema.safeParse({ query: '' }).error?.issues[0]?.message).toBe('Enter an order number, an email or a phone number');
    expect(orderLookupSchema.safeParse({ query: 'lamp' }).error?.issues[0]?.message).toBe('Enter an order number, an email or a phone number');
  });
});
