import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { limitKeyOf, parseTrustProxy, resolveClient } from './client-address';

const request = (remoteAddress: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

describe('limitKeyOf', () => {
  it('keeps IPv4 addresses and groups IPv6 ones by /64, however they are written', () => {
    expect(limitKeyOf('203.0.113.9')).toBe('203.0.113.9');
    expect(limitKeyOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(limitKeyOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(limitKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(limitKeyOf('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(limitKeyOf('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });
});

describe('resolveClient', () => {
  it('reads an IPv4 client on a dual-stack socket as IPv4', () => {
    expect(resolveClient(request('::ffff:198.51.100.7'), null)).toEqual({ address: '198.51.100.7', limitKey: '198.51.100.7', https: false });
  });

  it('falls back to the reporting proxy when the client entry is not an address', () => {
    const trust = parseTrustProxy('1');
    expect(resolveClient(request('10.0.0.1', { 'x-forwarded-for': 'unknown' }), trust).address).toBe('10.0.0.1');
    expect(resolveClient(request('10.0.0.1', { 'x-forwarded-for': '' }), trust).address).toBe('10.0.0.1');
  });

  it('believes X-Forwarded-Proto only from a trusted peer', () => {
    const trust = parseTrustProxy('loopback');
    expect(resolveClient(request('127.0.0.1', { 'x-forwarded-proto': 'https' }), trust).https).toBe(true);
    expect(resolveClient(request('192.0.2.1', { 'x-forwarded-proto': 'https', 'x-forwarded-for': '1.1.1.1' }), trust)).toEqual({
      address: '192.0.2.1',
      limitKey: '192.0.2.1',
      https: false,
    });
  });
});

describe('parseTrustProxy', () => {
  it('trusts nobody by default', () => {
    for (const value of [undefined, '', '0', 'false']) expect(parseTrustProxy(value)).toBeNull();
  });

  it('refuses what it cannot read', () => {
    for (const value of ['true', '10', '1.2.3', '10.0.0.0/8/8', '::1/129', '10.0.0.0/x', 'localhost']) {
      expect(() => parseTrustProxy(value), value).toThrow();
    }
  });
});
