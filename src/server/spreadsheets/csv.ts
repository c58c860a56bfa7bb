import { parse } from 'csv-parse/sync';
import { stringify as stringifyNow } from 'csv-stringify/sync';

/**
 * Every CSV the app writes or reads (issue 34: products; issue 30: orders), through csv-stringify and
 * csv-parse, never split by hand. Written: UTF-8 with a byte-order mark (Excel then reads Urdu as
 * Urdu), RFC 4180 (CRLF between records, a cell quoted when it holds the separator, a quote or a line
 * break), and every text cell a spreadsheet would run as a formula neutralised.
 */

/** What spreadsheets treat as the start of a formula (OWASP's CSV injection list: = + - @, tab, carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet would run as a formula, kept as text: a leading apostrophe, which Excel and LibreOffice hide. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A phone number as a spreadsheet should show it (issue 53): its digits in groups, starting with a digit,
 * with a space in it: "+92 300 1234567" is "0092 300 1234567" (00, the international prefix dialled
 * from Pakistan, for the +), "03001234567" is "0300 1234567". A leading "+" would be neutralised with an
 * apostrophe, which Excel, LibreOffice and Google Sheets all show when they open a CSV ("'+92 300 …");
 * digits alone would be read as a number (leading zeros gone, 9.23E+11). Digits and spaces alone cannot
 * start a formula, and the space keeps it text. The last 10 digits are grouped 3 and 7, as Pakistani
 * mobiles are written. Fewer than 8 digits is no number to regroup: as written (and neutralised).
 */
export function phoneCell(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 8) return phone;
  const international = phone.trim().startsWith('+') ? '00' : '';
  const last10 = digits.slice(-10);
  const local = `${last10.slice(0, -7)} ${last10.slice(-7)}`;
  const head = digits.slice(0, -10);
  // A national number's trunk 0 stays with its area or mobile code: "0300 1234567".
  if (head === '0' && !international) return `0${local}`;
  return head || international ? `${international}${head} ${local}` : local;
}

/** The reverse, for reading back what neutraliseCell wrote: "'=1+1" is the text "=1+1". */
export function restoreCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** Whether a cell as read is a formula (one that was not neutralised): imports refuse those. */
export function isFormula(value: string): boolean {
  return value.startsWith('=');
}

// RFC 4180 quotes a cell holding any line break; csv-stringify quotes only the record delimiter's own
// (CRLF here) unless told.
const WRITE_OPTIONS = { bom: true, header: true, record_delimiter: 'windows', quoted_match: /[\r\n]/, cast: { string: neutraliseCell } } as const;

/** A cell as written: text, a number, or null for an empty cell. */
export type CsvCell = string | number | null;

/**
 * Records per chunk of csvChunks: a whole batch as one string (about 190 KB, past V8's large-object
 * size) doubled the collector threads' work in the bench (docs/performance.md, "The orders CSV").
 */
const RECORDS_PER_CHUNK = 100;

/**
 * A long CSV as chunks of text, the byte-order mark and the header line first, then each batch of
 * records `nextBatch` reads (null: no more) as chunks of up to 100 records. A batch is written out as
 * text before the next is read, so between reads an export holds text waiting to be sent, not the
 * batch's rows as objects, which take several times its size.
 */
export async function* csvChunks(columns: readonly string[], nextBatch: () => Promise<CsvCell[][] | null>): AsyncGenerator<string> {
  yield stringifyNow([], { ...WRITE_OPTIONS, columns: [...columns] });
  for (;;) {
    const texts = await nextTexts(columns, nextBatch);
    if (texts === null) return;
    // Not `yield*`: an array's iterator has no `throw`, which a stream destroyed mid-way calls.
    for (const text of texts) yield text;
  }
}

// Apart from csvChunks so that a batch's records are gone by the time its text waits to be sent.
async function nextTexts(columns: readonly string[], nextBatch: () => Promise<CsvCell[][] | null>): Promise<string[] | null> {
  const records = await nextBatch();
  if (records === null) return null;
  const texts: string[] = [];
  for (let i = 0; i < records.length; i += RECORDS_PER_CHUNK) {
    texts.push(stringifyNow(records.slice(i, i + RECORDS_PER_CHUNK), { ...WRITE_OPTIONS, bom: false, header: false, columns: [...columns] }));
  }
  return texts;
}

/** A small CSV at once (a template, a test's file). */
export function csvDocument(columns: readonly string[], records: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  return stringifyNow(records.map((r) => [...r]), { ...WRITE_OPTIONS, columns: [...columns] });
}

/** The encodings a CSV is read in (the import's preview says which: product-csv.ts ImportPreview). */
type TextEncoding = 'UTF-8' | 'Windows-1252' | 'UTF-16';

/**
 * A file's text: UTF-8 with or without its byte-order mark, UTF-16 when it starts with one (Excel's
 * "Unicode text"), otherwise Windows-1252 when the bytes are not valid UTF-8 (Excel's "CSV" on a
 * Western Windows). Says which it used.
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'UTF-16' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'UTF-16' };
  try {
    // TextDecoder drops a UTF-8 byte-order mark itself.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'Windows-1252' };
  }
}

export type Separator = ',' | ';' | '\t';

/**
 * The separator, from the header line: the one of comma, semicolon (Excel where the decimal mark is a
 * comma) and tab that it holds most. Column names hold none of them.
 */
export function detectSeparator(text: string): Separator {
  const firstLine = text.slice(0, Math.max(0, text.search(/\r?\n|$/)));
  const count = (c: string) => firstLine.split(c).length - 1;
  const candidates: Separator[] = [',', ';', '\t'];
  return candidates.reduce((best, c) => (count(c) > count(best) ? c : best), ',');
}

/** A CSV the parser cannot read; `line`: where it found the problem (the caller says it in its words). */
export class CsvFormatError extends Error {
  constructor(readonly line: number | null) {
    // No message of its own: no person reads this error, its caller words the refusal.
    super();
  }
}

/**
 * The records of a CSV text, each an array of cells (empty lines skipped, rows of any length), at
 * most `maxRecords` (`tooMany` says more followed). A malformed file (a quote left open) throws
 * CsvFormatError with the line it was found on.
 */
export function readCsv(text: string, separator: Separator, maxRecords: number): { records: string[][]; tooMany: boolean } {
  try {
    const records = parse(text, {
      delimiter: separator,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      to: maxRecords + 1,
    });
    return { records: records.slice(0, maxRecords), tooMany: records.length > maxRecords };
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new CsvFormatError(line ?? null);
  }
}
