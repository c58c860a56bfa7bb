import type { IncomingMessage } from 'node:http';
import net from 'node:net';

/**
 * Which peers may tell the server who the client is (TRUST_PROXY, product-decisions section 4):
 * a number of proxy hops in front of the server, or the proxies' addresses; null trusts nobody, and
 * X-Forwarded-For / X-Forwarded-Proto are then ignored, since any client can send them.
 */
export type TrustProxy = { hops: number } | { proxies: net.BlockList } | null;

const PRESETS: Record<string, [string, number][]> = {
  loopback: [
    ['127.0.0.0', 8],
    ['::1', 128],
  ],
  private: [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['fc00::', 7],
  ],
};

/**
 * Reads TRUST_PROXY: unset, "" or "0" trust nobody; "1".."9" are hop counts; otherwise a
 * comma-separated list of addresses, CIDR ranges and the names "loopback" and "private".
 * Throws an Error with the operator-facing reason when the value is not understood.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text === 'false') return null;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 9) throw new Error('give the number of proxies in front of the server (1 to 9), or their addresses');
    return { hops };
  }
  if (text === 'true') {
    throw new Error('"true" would let any client choose its own address: give the number of proxies (e.g. 1) or their addresses');
  }
  const proxies = new net.BlockList();
  for (const item of text.split(',').map((s) => s.trim())) {
    const preset = PRESETS[item];
    if (preset) {
      for (const [address, prefix] of preset) proxies.addSubnet(address, prefix, net.isIP(address) === 6 ? 'ipv6' : 'ipv4');
      continue;
    }
    const [address = '', prefixText, extra] = item.split('/');
    const family = net.isIP(address);
    const prefix = prefixText === undefined ? (family === 6 ? 128 : 32) : Number(prefixText);
    if (!family || extra !== undefined || !/^\d{1,3}$/.test(prefixText ?? '0') || prefix > (family === 6 ? 128 : 32)) {
      throw new Error(`"${item}" is not an address, a CIDR range (10.0.0.0/8), "loopback" or "private"`);
    }
    proxies.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return { proxies };
}

export interface Client {
  /** The client's address as the server believes it (for logs). */
  address: string;
  /** What per-client limits count against: the address, or its /64 network for IPv6. */
  limitKey: string;
  /** Whether the client reached us over https (directly, or by a trusted proxy's word). */
  https: boolean;
}

/** "::ffff:1.2.3.4" (an IPv4 client on a dual-stack socket) is 1.2.3.4; a zone id is dropped. */
function normalize(address: string): string {
  const plain = address.split('%')[0] ?? '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  return mapped?.[1] ?? plain.toLowerCase();
}

/** The eight 16-bit groups of an IPv6 address (net.isIP already said it is one). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * An IPv6 client usually holds a whole /64 (one household or server), so limits count per /64:
 * otherwise one machine could take a fresh address for every request.
 */
export function limitKeyOf(address: string): string {
  if (net.isIP(address) !== 6) return address;
  return `${ipv6Groups(address)
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

function isTrusted(trust: NonNullable<TrustProxy>, address: string, hop: number): boolean {
  if ('hops' in trust) return hop < trust.hops;
  const family = net.isIP(address);
  return family !== 0 && trust.proxies.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Who sent this request. Without trust, the socket's peer. With it, walks X-Forwarded-For from the
 * right (each proxy appends the address it saw) past the trusted hops: the first untrusted entry is
 * the client, whatever the client itself wrote further left. https comes from X-Forwarded-Proto
 * only when the socket's peer is a trusted proxy.
 */
export function resolveClient(req: IncomingMessage, trust: TrustProxy): Client {
  const socketAddress = normalize(req.socket.remoteAddress ?? '');
  const encrypted = 'encrypted' in req.socket && Boolean(req.socket.encrypted);
  if (!trust || !isTrusted(trust, socketAddress, 0)) {
    return { address: socketAddress, limitKey: limitKeyOf(socketAddress), https: encrypted };
  }
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => normalize(entry.trim()))
    .filter(Boolean)
    .reverse();
  const chain = [socketAddress, ...forwarded];
  let hop = 0;
  while (hop < chain.length - 1 && isTrusted(trust, chain[hop] ?? '', hop)) hop += 1;
  // An entry that is not an address ("unknown", garbage) cannot be the client: the proxy that reported it stands in.
  while (hop > 0 && !net.isIP(chain[hop] ?? '')) hop -= 1;
  const address = chain[hop] ?? socketAddress;
  const proto = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim()
    .toLowerCase();
  return { address, limitKey: limitKeyOf(address), https: proto ? proto === 'https' : encrypted };
}
