import { type ButtonHTMLAttributes, type KeyboardEvent, type ReactNode, useRef } from 'react';
import { colorName } from '../../../shared/colors';
import { inlineArrowStep } from '../../components/ui/arrow-keys';
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
  soldOut,
}: {
  labelId: string;
  legend: ReactNode;
  options: string[];
  value: string | null;
  onChange: (option: string) => void;
  buttonProps: (option: string) => ButtonHTMLAttributes<HTMLButtonElement>;
  /** Values sold out with the other option's choice (stock per variant): disabled, and said so. */
  soldOut: ReadonlySet<string>;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const hydrated = useHydrated();
  const current = value ? options.indexOf(value) : -1;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const delta = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : inlineArrowStep(event);
    if (!delta) return;
    event.preventDefault();
    let next = index;
    do next = (next + delta + options.length) % options.length;
    while (soldOut.has(options[next]!) && next !== index);
    if (next === index) return;
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
            tabIndex={i === Math.max(current, options.findIndex((o) => !soldOut.has(o)), 0) ? 0 : -1}
            disabled={!hydrated || soldOut.has(option)}
            data-sold-out={soldOut.has(option) || undefined}
            onClick={() => onChange(option)}
            onKeyDown={(e) => onKeyDown(e, i)}
          />
        ))}
      </div>
    </div>
  );
}

const soldOutLabel = (name: string, soldOut: ReadonlySet<string>, option: string) => (soldOut.has(option) ? `${name}, sold out` : name);

interface PickerProps {
  value: string | null;
  onChange: (value: string) => void;
  soldOut?: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

export function ColorPicker({ colors, value, onChange, soldOut = NONE }: PickerProps & { colors: string[] }) {
  return (
    <OptionGroup
      labelId="color-label"
      legend={<>Color{value && <span className={styles.chosen}>: {colorName(value)}</span>}</>}
      options={colors}
      value={value}
      onChange={onChange}
      soldOut={soldOut}
      buttonProps={(color) => ({
        'aria-label': soldOutLabel(colorName(color), soldOut, color),
        title: soldOutLabel(colorName(color), soldOut, color),
        className: styles.swatch,
        style: { backgroundColor: color },
      })}
    />
  );
}

export function SizePicker({ sizes, value, onChange, soldOut = NONE }: PickerProps & { sizes: string[] }) {
  return (
    <OptionGroup
      labelId="size-label"
      legend="Size"
      options={sizes}
      value={value}
      onChange={onChange}
      soldOut={soldOut}
      buttonProps={(size) => ({
        className: styles.sizeButton,
        children: size,
        ...(soldOut.has(size) ? { 'aria-label': soldOutLabel(size, soldOut, size), title: 'Sold out' } : {}),
      })}
    />
  );
}
