import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, imageOriginOf } from './security-headers';

const imgSrc = (policy: string) => /(?:^|; )img-src ([^;]*)/.exec(policy)?.[1];

describe('the Content-Security-Policy', () => {
  it('loads images from this site, data: and blob: only, without an image origin', () => {
    expect(imgSrc(contentSecurityPolicy({ imageOrigin: null }))).toBe("'self' data: blob:");
  });

  it('adds the origin of S3_PUBLIC_URL, and nothing wider, when set', () => {
    const origin = imageOriginOf('https://cdn.example.com/market/images/');
    expect(origin).toBe('https://cdn.example.com');
    const policy = contentSecurityPolicy({ imageOrigin: origin });
    expect(imgSrc(policy)).toBe("'self' data: blob: https://cdn.example.com");
    // Only images: scripts, styles, connections and frames stay on this site.
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toContain("default-src 'self';");
    expect(policy).not.toMatch(/\*|https:;|https: /);
  });

  it('keeps a port, which is part of an origin', () => {
    expect(imageOriginOf('http://127.0.0.1:9000/bucket')).toBe('http://127.0.0.1:9000');
    expect(imageOriginOf(null)).toBeNull();
  });
});
