import { useEffect, useState } from 'react';
import { TextField } from '../../components/ui/field';
import * as styles from './admin.css';

/** A search field that reports its value after the person pauses typing. */
export function SearchBox({ label, placeholder, onSearch }: { label: string; placeholder: string; onSearch: (value: string) => void }) {
  const [value, setValue] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => onSearch(value.trim()), 250);
    return () => window.clearTimeout(timer);
  }, [value, onSearch]);
  return (
    <div className={styles.search} role="search">
      <TextField label={label} type="search" dir="auto" placeholder={placeholder} value={value} onChange={(e) => setValue(e.target.value)} maxLength={100} autoComplete="off" />
    </div>
  );
}
