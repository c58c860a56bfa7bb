import { describe, expect, it } from 'vitest';
import { CsvFormatError, csvChunks, csvDocument, decodeText, detectSeparator, neutraliseCell, phoneCell, readCsv, restoreCell } from './csv';

describe('writing CSV', () => {
  it('starts with a byte-order mark, ends records with CRLF, quotes what needs it and neutralises formulas', () => {
    const csv = csvDocument(['A', 'B', 'C'], [['=HYPERLINK("x")', 'Rs 1,500', 'two\nlines'], ['-5', '@me', 'لان کرتا "خاص"'], [12, null, '+92 300']]);
    // Bytes, not text: a TextDecoder would drop the byte-order mark this checks.
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv).toBe(
      '\ufeffA,B,C\r\n' +
        `"'=HYPERLINK(""x"")","Rs 1,500","two\nlines"\r\n` +
        `'-5,'@me,"لان کرتا ""خاص"""\r\n` +
        `12,,'+92 300\r\n`,
    );
  });

  it('writes a long CSV batch by batch, the same text, and reads a batch only once the one before is written', async () => {
    const batches: Array<Array<Array<string | number | null>>> = [[['=HYPERLINK("x")', 'Rs 1,500', 'two\nlines'], ['-5', '@me', 'لان کرتا "خاص"']], [], [[12, null, '+92 300']]];
    let read = 0;
    const chunks: string[] = [];
    const reads: number[] = [];
    for await (const chunk of csvChunks(['A', 'B', 'C'], async () => batches[read++] ?? null)) {
      chunks.push(chunk);
      reads.push(read);
    }
    expect(chunks.join('')).toBe(csvDocument(['A', 'B', 'C'], batches.flat()));
    expect(chunks[0]).toBe('\ufeffA,B,C\r\n');
    // The header before any read; each batch's text before the next batch is read; an empty batch writes nothing.
    expect(reads).toEqual([0, 1, 3]);
    expect(read).toBe(4);
  });

  it("stops where it is when the stream it feeds is destroyed mid-batch, with that stream's error", async () => {
    const batch = Array.from({ length: 250 }, (_, i) => [`row ${i}`]);
    const chunks = csvChunks(['A'], async () => batch);
    expect((await chunks.next()).value).toBe('\ufeffA\r\n');
    expect((await chunks.next()).value).toMatch(/^row 0\r\n/);
    // What Readable.from does when its stream is destroyed: the generator hears the error where it stands.
    await expect(chunks.throw(new Error('the client went away'))).rejects.toThrow('the client went away');
    expect(await chunks.next()).toEqual({ done: true, value: undefined });
  });

  it('reads back what it wrote, formulas restored as text', () => {
    const written = csvDocument(['A', 'B'], [['=1+1', 'a,b'], ['x', '"q"']]);
    const { text: decoded } = decodeText(Buffer.from(written, 'utf8'));
    const { records } = readCsv(decoded, detectSeparator(decoded), 10);
    expect(records.map((r) => r.map(restoreCell))).toEqual([['A', 'B'], ['=1+1', 'a,b'], ['x', '"q"']]);
    expect(neutraliseCell('plain')).toBe('plain');
    expect(restoreCell("'plain")).toBe("'plain");
  });
});

describe('a phone number in a CSV (issue 53)', () => {
  it('is digits in groups: a leading + becomes 00, a national number keeps its 0, whatever the spacing', () => {
    expect(phoneCell('+92 300 1234567')).toBe('0092 300 1234567');
    expect(phoneCell('+923001234567')).toBe('0092 300 1234567');
    expect(phoneCell('+92 (300) 123-4567')).toBe('0092 300 1234567');
    expect(phoneCell('03001234567')).toBe('0300 1234567');
    expect(phoneCell('0300-1234567')).toBe('0300 1234567');
    expect(phoneCell('923001234567')).toBe('92 300 1234567');
    expect(phoneCell('3001234567')).toBe('300 1234567');
    expect(phoneCell('+1 415 555 2671')).toBe('001 415 5552671');
    expect(phoneCell('042 1234567')).toBe('042 1234567');
  });

  it('starts with a digit and holds a space: no spreadsheet runs it as a formula or reads it as a number', () => {
    for (const phone of ['+92 300 1234567', '-300 1234567', '(0300) 1234567', '+923001234567', '03001234567']) {
      const cell = phoneCell(phone);
      expect(cell).toMatch(/^\d[\d ]* \d+$/);
      expect(neutraliseCell(cell)).toBe(cell);
    }
  });

  it('keeps a number of fewer than 8 digits as written, neutralised like any text', () => {
    expect(phoneCell('12345')).toBe('12345');
    expect(csvDocument(['Phone'], [[phoneCell('+12345')]])).toBe("\ufeffPhone\r\n'+12345\r\n");
  });
});

describe('reading CSV as people save it', () => {
  it('reads UTF-8 with or without its mark, UTF-16, and falls back to Windows-1252', () => {
    expect(decodeText(Buffer.from('\ufeffName\r\nکرتا', 'utf8'))).toEqual({ text: 'Name\r\nکرتا', encoding: 'UTF-8' });
    expect(decodeText(Buffer.from('Name\nکرتا', 'utf8'))).toEqual({ text: 'Name\nکرتا', encoding: 'UTF-8' });
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name\tکرتا', 'utf16le')]))).toEqual({ text: 'Name\tکرتا', encoding: 'UTF-16' });
    // "Café £5" as Excel writes it on a Western Windows: é is 0xE9, £ is 0xA3 (not valid UTF-8).
    expect(decodeText(Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0xa3, 0x35]))).toEqual({ text: 'Café £5', encoding: 'Windows-1252' });
  });

  it('finds the separator from the header line', () => {
    expect(detectSeparator('Name;Price;Stock\r\nA;"1,500";3')).toBe(';');
    expect(detectSeparator('Name,Price\nA;B,1')).toBe(',');
    expect(detectSeparator('Name\tPrice\n')).toBe('\t');
    expect(detectSeparator('Name\n')).toBe(',');
    const { records } = readCsv('Name;Price\r\nA;Rs 1,500\r\n', ';', 10);
    expect(records).toEqual([['Name', 'Price'], ['A', 'Rs 1,500']]);
  });

  it('stops after the most records asked for and says more followed; refuses a quote left open', () => {
    const rows = ['Name', ...Array.from({ length: 12 }, (_, i) => `P${i}`)].join('\n');
    expect(readCsv(rows, ',', 5)).toMatchObject({ tooMany: true });
    expect(readCsv(rows, ',', 5).records).toHaveLength(5);
    expect(readCsv(rows, ',', 13).tooMany).toBe(false);
    expect(() => readCsv('Name\n"open', ',', 5)).toThrow(CsvFormatError);
  });
});

