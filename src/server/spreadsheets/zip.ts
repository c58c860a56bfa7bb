import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import yazl from 'yazl';

/**
 * ZIP archives in and out (issue 34: a catalogue with its images), through yauzl and yazl. Reading is
 * defensive: an archive comes from a person's computer. Refused with a message: an entry whose name
 * climbs out (`../`), is absolute or names a drive; more entries than allowed; more bytes unpacked
 * than allowed, counted as they are inflated (an entry's declared size is not trusted: yauzl checks
 * it against what it inflates).
 */

export interface ZipLimits {
  maxEntries: number;
  maxUnpackedBytes: number;
}

/** Why an archive was refused; the caller says it in its words (it knows the limits it set). */
export class ZipRefusedError extends Error {
  constructor(readonly reason: 'unreadable' | 'unsafeName' | 'tooManyEntries' | 'tooLarge') {
    // No message of its own: no person reads this error, its caller words the refusal.
    super();
  }
}

/** Whether an entry's name stays inside the archive's folder: no `..` segment, no absolute path, no drive. */
export function isSafeEntryName(name: string): boolean {
  if (name === '' || name.includes('\0') || name.includes('\\')) return false;
  if (name.startsWith('/') || /^[a-z]:/i.test(name)) return false;
  return !name.split('/').some((part) => part === '..');
}

const openBuffer = (data: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    // strictFileNames off: names are judged here (isSafeEntryName), with the app's own message.
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true }, (error, zip) =>
      error || !zip ? reject(error ?? new Error('no archive')) : resolve(zip),
    ),
  );

/**
 * Every file of an archive (folders skipped) by its path, unpacked in memory within `limits`.
 * Throws ZipRefusedError with the reason to show.
 */
export async function readZip(data: Buffer, limits: ZipLimits): Promise<Map<string, Buffer>> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openBuffer(data);
  } catch {
    throw new ZipRefusedError('unreadable');
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new ZipRefusedError('tooManyEntries');
  }
  const files = new Map<string, Buffer>();
  let unpacked = 0;
  const tooLarge = () => new ZipRefusedError('tooLarge');
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (!isSafeEntryName(name)) return reject(new ZipRefusedError('unsafeName'));
        if (name.endsWith('/')) return zip.readEntry();
        if (unpacked + entry.uncompressedSize > limits.maxUnpackedBytes) return reject(tooLarge());
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return reject(error ?? new Error('unreadable entry'));
          readAll(stream, limits.maxUnpackedBytes - unpacked).then((bytes) => {
            if (bytes === null) return reject(tooLarge());
            unpacked += bytes.length;
            files.set(name, bytes);
            zip.readEntry();
          }, reject);
        });
      });
      zip.readEntry();
    });
  } catch (error) {
    if (error instanceof ZipRefusedError) throw error;
    // yauzl refuses such names itself ("invalid relative path", "absolute path") before they reach the check above.
    if (error instanceof Error && /relative path|absolute path|invalid characters/i.test(error.message)) throw new ZipRefusedError('unsafeName');
    throw new ZipRefusedError('unreadable');
  } finally {
    zip.close();
  }
  return files;
}

/** A stream's bytes, or null once they pass `max` (the stream is then dropped). */
async function readAll(stream: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Whether the bytes start as a ZIP archive does ("PK\3\4", or "PK\5\6" for an empty one). */
export function looksLikeZip(data: Uint8Array): boolean {
  return data[0] === 0x50 && data[1] === 0x4b && (data[2] === 3 || data[2] === 5) && (data[3] === 4 || data[3] === 6);
}

/**
 * A ZIP written as a stream: `add` an entry from a stream opened only when its turn comes (one entry's
 * bytes in memory at a time), then `end`. Images are stored as they are (WebP is compressed already).
 */
export function zipStream() {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  // yazl reports an entry it could not open (a file gone wrong in the store) on the ZipFile; unheard,
  // that error would end the process. The download ends with it instead.
  zip.on('error', (error: Error) => output.destroy(error));
  return {
    output,
    addStream(path: string, input: Readable, compress = true) {
      zip.addReadStream(input, path, { compress });
    },
    addLazy(path: string, open: () => Promise<Readable | null>) {
      zip.addReadStreamLazy(path, { compress: false }, (callback) => {
        open().then(
          // A file gone from the store meanwhile is an empty entry rather than a broken archive.
          (stream) => callback(null, stream ?? Readable.from([])),
          (error: unknown) => callback(error, null as unknown as Readable),
        );
      });
    },
    end() {
      zip.end();
    },
  };
}
