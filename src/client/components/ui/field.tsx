import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { useHydrated } from '../../hydration';
import * as styles from './field.css';

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  required?: boolean;
}

function Wrapper({
  id,
  label,
  hint,
  error,
  required,
  children,
}: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <span className={styles.hint} id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className={styles.error} id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

function describedBy(id: string, { hint, error }: FieldProps): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

/** A labelled input: the label is visible and tied to the control. */
export function TextField({
  label,
  hint,
  error,
  required,
  id: givenId,
  className,
  ...rest
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const autoId = useId();
  const hydrated = useHydrated();
  const id = givenId ?? autoId;
  return (
    <Wrapper id={id} label={label} hint={hint} error={error} required={required}>
      <input
        id={id}
        className={[styles.control, className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, { label, hint, error })}
        {...rest}
        disabled={rest.disabled || !hydrated}
      />
    </Wrapper>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  required,
  id: givenId,
  ...rest
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const autoId = useId();
  const hydrated = useHydrated();
  const id = givenId ?? autoId;
  return (
    <Wrapper id={id} label={label} hint={hint} error={error} required={required}>
      <textarea
        id={id}
        className={`${styles.control} ${styles.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, { label, hint, error })}
        {...rest}
        disabled={rest.disabled || !hydrated}
      />
    </Wrapper>
  );
}

export function SelectField({
  label,
  hint,
  error,
  required,
  id: givenId,
  children,
  ...rest
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const autoId = useId();
  const hydrated = useHydrated();
  const id = givenId ?? autoId;
  return (
    <Wrapper id={id} label={label} hint={hint} error={error} required={required}>
      <select
        id={id}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, { label, hint, error })}
        {...rest}
        disabled={rest.disabled || !hydrated}
      >
        {children}
      </select>
    </Wrapper>
  );
}

/** An on/off switch: a checkbox with role="switch" and a visible label. */
export function Switch({
  label,
  description,
  ...rest
}: { label: string; description?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const id = useId();
  const hydrated = useHydrated();
  return (
    <div className={styles.switchRow}>
      <div>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        {description && (
          <div className={styles.hint} id={`${id}-desc`}>
            {description}
          </div>
        )}
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={styles.switchInput}
        aria-describedby={description ? `${id}-desc` : undefined}
        {...rest}
        disabled={rest.disabled || !hydrated}
      />
    </div>
  );
}
