/**
 * Code 128 (ISO/IEC 15417), code set B: every printable ASCII character (space to ~), which covers
 * order numbers. Written here rather than taken from a package: the encoding is one table and a
 * checksum, and the packages that draw barcodes also bring a canvas or DOM renderer we do not use.
 */

/**
 * The widths of each symbol's bars and spaces (bar first), in modules, by symbol value 0–106: six
 * elements of 11 modules, the stop symbol seven of 13 (its final bar of 2 included).
 */
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;

const START_B = 104;
const STOP = 106;
/** Light modules each side of the symbol, so a scanner finds where it starts (ISO/IEC 15417: at least 10). */
export const QUIET_ZONE = 10;

/** The symbol values of a text in code set B: start, one per character, the checksum, stop. */
export function code128Values(text: string): number[] {
  const data = [...text].map((char) => {
    const code = char.codePointAt(0) ?? 0;
    if (code < 32 || code > 126) throw new RangeError(`Code 128 B cannot encode ${JSON.stringify(char)}`);
    return code - 32;
  });
  // The checksum: the start value plus each data value times its position (from 1), modulo 103.
  const checksum = data.reduce((sum, value, i) => sum + value * (i + 1), START_B) % 103;
  return [START_B, ...data, checksum, STOP];
}

/** The symbols' element widths in modules, bar first, alternating bar and space (the stop's last bar included). */
export function code128Widths(text: string): number[] {
  return code128Values(text).flatMap((value) => [...PATTERNS[value]!].map(Number));
}

/** The dark bars as [start, width] in modules from the symbol's first bar (no quiet zone), and the whole width. */
export function code128Bars(text: string): { bars: Array<[number, number]>; modules: number } {
  const bars: Array<[number, number]> = [];
  let x = 0;
  code128Widths(text).forEach((width, i) => {
    if (i % 2 === 0) bars.push([x, width]);
    x += width;
  });
  return { bars, modules: x };
}
