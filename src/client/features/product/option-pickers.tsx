import { type KeyboardEvent, useRef } from 'react';
import { colorName } from '../../../shared/colors';
import * as styles from './product.css';

/** A single-choice group of buttons (role radiogroup) with arrow-key movement. */
function useRovingKeys(count: number, current: number, choose: (index: number) => void) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  return {
    refs,
    onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
      const delta = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
      if (!delta) return;
      event.preventDefault();
      const next = (index + delta + count) % count;
      choose(next);
      refs.current[next]?.focus();
    },
    tabIndex: (index: number) => (index === (current < 0 ? 0 : current) ? 0 : -1),
  };
}

export function ColorPicker({ colors, value, onChange }: { colors: string[]; value: string | null; onChange: (color: string) => void }) {
  const current = value ? colors.indexOf(value) : -1;
  const keys = useRovingKeys(colors.length, current, (i) => onChange(colors[i]!));
  return (
    <div className={styles.optionGroup}>
      <span className={styles.legend} id="color-label">
        Color{value && <span className={styles.chosen}>: {colorName(value)}</span>}
      </span>
      <div className={styles.options} role="radiogroup" aria-labelledby="color-label">
        {colors.map((color, i) => (
          <button
            key={color}
            ref={(el) => {
              keys.refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={value === color}
            aria-label={colorName(color)}
            title={colorName(color)}
            tabIndex={keys.tabIndex(i)}
            className={styles.swatch}
            style={{ background: color }}
            onClick={() => onChange(color)}
            onKeyDown={(e) => keys.onKeyDown(e, i)}
          />
        ))}
      </div>
    </div>
  );
}

export function SizePicker({ sizes, value, onChange }: { sizes: string[]; value: string | null; onChange: (size: string) => void }) {
  const current = value ? sizes.indexOf(value) : -1;
  const keys = useRovingKeys(sizes.length, current, (i) => onChange(sizes[i]!));
  return (
    <div className={styles.optionGroup}>
      <span className={styles.legend} id="size-label">
        Size
      </span>
      <div className={styles.options} role="radiogroup" aria-labelledby="size-label">
        {sizes.map((size, i) => (
          <button
            key={size}
            ref={(el) => {
              keys.refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={value === size}
            tabIndex={keys.tabIndex(i)}
            className={styles.sizeButton}
            onClick={() => onChange(size)}
            onKeyDown={(e) => keys.onKeyDown(e, i)}
          >
            {size}
          </button>
        ))}
      </div>
    </div>
  );
}
