import { code128Bars, QUIET_ZONE } from '../../../shared/code128';
import * as styles from './barcode.css';

/** One module's printed width: two dots of a 203 dpi label printer, which every scanner reads. */
const MODULE_MM = 0.25;

/** The bars of `value`, or null for a text code set B cannot write (no order number is one). */
function encodable(value: string) {
  try {
    return code128Bars(value);
  } catch {
    return null;
  }
}

/**
 * A Code 128 barcode as an inline SVG, one path of bars in module units (crisp at any print
 * resolution), with its text under it. Left to right whatever the page's direction.
 */
export function Barcode({ value, heightMm = 15, label }: { value: string; heightMm?: number; label: string }) {
  const symbol = encodable(value);
  if (!symbol) return <p className={styles.text} dir="ltr">{value}</p>;
  const { bars, modules } = symbol;
  const width = modules + 2 * QUIET_ZONE;
  const path = bars.map(([x, w]) => `M${x + QUIET_ZONE} 0h${w}v1h-${w}z`).join('');
  return (
    <figure className={styles.barcode} dir="ltr">
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} 1`}
        preserveAspectRatio="none"
        shapeRendering="crispEdges"
        className={styles.bars}
        style={{ width: `${width * MODULE_MM}mm`, height: `${heightMm}mm` }}
        data-barcode={value}
      >
        <path d={path} fill="#000" />
      </svg>
      <figcaption className={styles.text}>{value}</figcaption>
    </figure>
  );
}
