import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { useHydrated } from '../../hydration';
import { inlineArrowStep } from './arrow-keys';
import * as styles from './tabs.css';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  panel: ReactNode;
}

/** Accessible tabs: arrow keys move between tabs, only the selected tab is in the tab order. */
export function Tabs<T extends string>({
  items,
  value,
  onChange,
  label,
}: {
  items: Array<TabItem<T>>;
  value: T;
  onChange: (value: T) => void;
  label: string;
}) {
  const baseId = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const hydrated = useHydrated();
  // The arrows follow the tabs as they are drawn: right to left, ArrowLeft goes to the next one.
  const current = items.find((i) => i.value === value) ?? items[0];

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = items.length - 1;
    const step = inlineArrowStep(event);
    const next =
      step === 1 ? (index === last ? 0 : index + 1)
      : step === -1 ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    const item = items[next];
    if (item) onChange(item.value);
    refs.current[next]?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className={styles.list}>
        {items.map((item, index) => {
          const selected = item.value === current?.value;
          return (
            <button
              key={item.value}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.value}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${item.value}`}
              tabIndex={selected ? 0 : -1}
              className={styles.tab}
              disabled={!hydrated}
              onClick={() => onChange(item.value)}
              onKeyDown={(e) => onKeyDown(e, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {current && (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${current.value}`}
          aria-labelledby={`${baseId}-tab-${current.value}`}
          className={styles.panel}
          tabIndex={0}
        >
          {current.panel}
        </div>
      )}
    </div>
  );
}
