import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { isSafeEntryName, looksLikeZip, readZip, zipStream } from './zip';

/** A ZIP of these files, names written as given (yazl refuses `..` itself, so those are patched in after). */
async function zipOf(files: Record<string, string | Buffer>, compress = true): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) zip.addBuffer(Buffer.from(data), name.replaceAll('..', '__'), { compress });
  zip.end();
  let bytes = await buffer(zip.outputStream as Readable);
  for (const name of Object.keys(files).filter((n) => n.includes('..'))) {
    const safe = Buffer.from(name.replaceAll('..', '__'));
    const evil = Buffer.from(name);
    let at = bytes.indexOf(safe);
    while (at !== -1) {
      evil.copy(bytes, at);
      at = bytes.indexOf(safe, at + 1);
    }
    bytes = Buffer.from(bytes);
  }
  return bytes;
}

const limits = { maxEntries: 10, maxUnpackedBytes: 1024 * 1024 };

describe('reading a ZIP', () => {
  it('unpacks its files by path', async () => {
    const files = await readZip(await zipOf({ 'products.csv': 'Name,Price\n', 'images/a.png': 'png' }), limits);
    expect([...files.keys()]).toEqual(['products.csv', 'images/a.png']);
    expect(files.get('products.csv')!.toString()).toBe('Name,Price\n');
  });

  it('refuses an entry that climbs out of its folder, before writing anything anywhere', async () => {
    for (const name of ['../evil.csv', 'images/../../evil.png']) {
      await expect(readZip(await zipOf({ 'products.csv': 'x', [name]: 'evil' }), limits)).rejects.toMatchObject({ reason: 'unsafeName' });
    }
    expect(['/etc/passwd', 'C:/x', 'a\\b', '..', 'a/../b'].map(isSafeEntryName)).toEqual([false, false, false, false, false]);
    expect(['a.csv', 'images/a..b.png', 'x/y/z'].map(isSafeEntryName)).toEqual([true, true, true]);
  });

  it('refuses too many entries, and more unpacked bytes than allowed (a ZIP bomb)', async () => {
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}.txt`, 'x']));
    await expect(readZip(await zipOf(many), limits)).rejects.toMatchObject({ reason: 'tooManyEntries' });
    const bomb = await zipOf({ 'zeros.csv': Buffer.alloc(2 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(10_000);
    await expect(readZip(bomb, limits)).rejects.toMatchObject({ reason: 'tooLarge' });
  });

  it('refuses what is not a ZIP with a message', async () => {
    await expect(readZip(Buffer.from('PK\x03\x04 not really'), limits)).rejects.toMatchObject({ reason: 'unreadable' });
    expect(looksLikeZip(Buffer.from('Name,Price'))).toBe(false);
    expect(looksLikeZip(await zipOf({ 'a.csv': 'x' }))).toBe(true);
  });
});

describe('writing a ZIP', () => {
  it('streams entries, opening each lazily, and reads back', async () => {
    const zip = zipStream();
    zip.addStream('products.csv', Readable.from([Buffer.from('Name\n')]));
    zip.addLazy('images/a.webp', async () => Readable.from([Buffer.from('webp')]));
    zip.addLazy('images/gone.webp', async () => null);
    zip.end();
    const files = await readZip(await buffer(zip.output), limits);
    expect(Object.fromEntries([...files].map(([k, v]) => [k, v.toString()]))).toEqual({ 'products.csv': 'Name\n', 'images/a.webp': 'webp', 'images/gone.webp': '' });
  });

  it('ends the download with the error when an entry cannot be opened, instead of throwing it at the process', async () => {
    const zip = zipStream();
    zip.addStream('products.csv', Readable.from([Buffer.from('Name\n')]));
    zip.addLazy('images/a.webp', () => Promise.reject(new Error('the store is unreachable')));
    zip.end();
    await expect(buffer(zip.output)).rejects.toThrow('the store is unreachable');
  });
});
