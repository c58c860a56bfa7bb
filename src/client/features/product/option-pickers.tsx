import { type ButtonHTMLAttributes, type KeyboardEvent, type ReactNode, useRef } from 'react';
import { colorName } from '../../../shared/colors';
import { useHydrated } from '../../hydration';
import * as styles from './product.css';

/** A single choice among `options` as a radiogroup of buttons, moved through with the arrow keys. */
function OptionGroup({
  labelId,
  legend,
  options,
  value,
  onChange,
  buttonProps,
}: {
  labelId: string;
  legend: ReactNode;
  options: string[];
  value: string | null;
  onChange: (option: string) => void;
  buttonProps: (option: string) => ButtonHTMLAttributes<HTMLButtonElement>;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const hydrated = useHydrated();
  const current = value ? options.indexOf(value) : -1;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const delta = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = (index + delta + options.length) % options.length;
    onChange(options[next]!);
    refs.current[next]?.focus();
  };
  return (
    <div className={styles.optionGroup}>
      <span className={styles.legend} id={labelId}>
        {legend}
      </span>
      <div className={styles.options} role="radiogroup" aria-labelledby={labelId}>
        {options.map((option, i) => (
          <button
            key={option}
            {...buttonProps(option)}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={value === option}
            tabIndex={i === Math.max(current, 0) ? 0 : -1}
            disabled={!hydrated}
            onClick={() => onChange(option)}
            onKeyDown={(e) => onKeyDown(e, i)}
          />
        ))}
      </div>
    </div>
  );
}

export function ColorPicker({ colors, value, onChange }: { colors: string[]; value: string | null; onChange: (color: string) => void }) {
  return (
    <OptionGroup
      labelId="color-label"
      legend={<>Color{value && <span className={styles.chosen}>: {colorName(value)}</span>}</>}
      options={colors}
      value={value}
      onChange={onChange}
      buttonProps={(color) => ({ 'aria-label': colorName(color), title: colorName(color), className: styles.swatch, style: { background: color } })}
    />
  );
}

export function SizePicker({ sizes, value, onChange }: { sizes: string[]; value: string | null; onChange: (size: string) => void }) {
  return (
    <OptionGroup
      labelId="size-label"
      legend="Size"
      options={sizes}
      value={value}
      onChange={onChange}
      buttonProps={(size) => ({ className: styles.sizeButton, children: size })}
    />
  );
}
