import { type ButtonHTMLAttributes, type KeyboardEvent, type ReactNode, useRef } from 'react';
import { colorName } from '../../../shared/colors';
import { inlineArrowStep } from '../../components/ui/arrow-keys';
import type { Translate } from '../../../shared/i18n/translator';
import { useHydrated } from '../../hydration';
import productTexts from '../../i18n/catalogues/en/product';
import { useLanguage, useT } from '../../i18n/language';
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
  soldOutChoosable,
}: {
  labelId: string;
  legend: ReactNode;
  options: string[];
  value: string | null;
  onChange: (option: string) => void;
  buttonProps: (option: string) => ButtonHTMLAttributes<HTMLButtonElement>;
  /** Values sold out with the other option's choice (stock per variant): disabled, and said so. */
  soldOut: ReadonlySet<string>;
  /** Sold-out values may still be chosen (said so): to ask to be told when they are back (issue 50). */
  soldOutChoosable: boolean;
}) {
  const blocked = (option: string) => !soldOutChoosable && soldOut.has(option);
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const hydrated = useHydrated();
  // The arrows follow the options as they are drawn: right to left, ArrowLeft goes to the next one.
  const current = value ? options.indexOf(value) : -1;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const delta = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : inlineArrowStep(event);
    if (!delta) return;
    event.preventDefault();
    let next = index;
    do next = (next + delta + options.length) % options.length;
    while (blocked(options[next]!) && next !== index);
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
            tabIndex={i === Math.max(current, options.findIndex((o) => !blocked(o)), 0) ? 0 : -1}
            disabled={!hydrated || blocked(option)}
            data-sold-out={soldOut.has(option) || undefined}
            onClick={() => onChange(option)}
            onKeyDown={(e) => onKeyDown(e, i)}
          />
        ))}
      </div>
    </div>
  );
}

const soldOutLabel = (t: Translate<typeof productTexts>, name: string, soldOut: ReadonlySet<string>, option: string) =>
  soldOut.has(option) ? t('product.options.soldOutName', { name }) : name;

interface PickerProps {
  value: string | null;
  onChange: (value: string) => void;
  soldOut?: ReadonlySet<string>;
  /** Sold-out values stay choosable ("Notify me when it's back" is offered for them). */
  soldOutChoosable?: boolean;
}

const NONE: ReadonlySet<string> = new Set();

export function ColorPicker({ colors, value, onChange, soldOut = NONE, soldOutChoosable = false }: PickerProps & { colors: string[] }) {
  const t = useT(productTexts);
  const language = useLanguage();
  return (
    <OptionGroup
      labelId="color-label"
      legend={
        <>
          {t('product.options.color')}
          {value && <span className={styles.chosen}>: {colorName(value, language)}</span>}
        </>
      }
      options={colors}
      value={value}
      onChange={onChange}
      soldOut={soldOut}
      soldOutChoosable={soldOutChoosable}
      buttonProps={(color) => ({
        'aria-label': soldOutLabel(t, colorName(color, language), soldOut, color),
        title: soldOutLabel(t, colorName(color, language), soldOut, color),
        className: styles.swatch,
        style: { backgroundColor: color },
      })}
    />
  );
}

export function SizePicker({ sizes, value, onChange, soldOut = NONE, soldOutChoosable = false }: PickerProps & { sizes: string[] }) {
  const t = useT(productTexts);
  return (
    <OptionGroup
      labelId="size-label"
      legend={t('product.options.size')}
      options={sizes}
      value={value}
      onChange={onChange}
      soldOut={soldOut}
      soldOutChoosable={soldOutChoosable}
      buttonProps={(size) => ({
        className: styles.sizeButton,
        children: size,
        ...(soldOut.has(size) ? { 'aria-label': soldOutLabel(t, size, soldOut, size), title: t('product.options.soldOut') } : {}),
      })}
    />
  );
}
