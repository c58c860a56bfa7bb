import type { AnchorHTMLAttributes, ComponentProps, ReactNode } from 'react';
import { Link } from 'wouter';
import { useHydrated } from '../../hydration';
import * as styles from './button.css';

type Variant = keyof typeof styles.variant;
type Size = keyof typeof styles.size;

interface StyleProps {
  variant?: Variant;
  size?: Size;
  block?: boolean;
}

export function buttonClass({ variant = 'primary', size = 'md', block = false }: StyleProps = {}, extra?: string): string {
  return [styles.base, styles.variant[variant], styles.size[size], block ? styles.block : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant,
  size,
  block,
  className,
  type = 'button',
  loading = false,
  children,
  disabled,
  ...rest
}: ComponentProps<'button'> & StyleProps & { loading?: boolean }) {
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, block }, className)}
      disabled={disabled || loading || !hydrated}
      aria-busy={loading || undefined}
      {...rest}
    >
      {children}
    </button>
  );
}

/**
 * An on/off button styled by the caller (a category chip, a filter), usable once the page is hydrated.
 * Its own component, so hydration re-renders only it.
 */
export function ToggleButton({ pressed, onClick, className, children }: { pressed: boolean; onClick: () => void; className: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <button type="button" className={className} aria-pressed={pressed} disabled={!hydrated} onClick={onClick}>
      {children}
    </button>
  );
}

/** A link that looks like a button: navigation stays a real link. */
export function ButtonLink({
  href,
  variant,
  size,
  block,
  className,
  children,
  external = false,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & StyleProps & { href: string; children: ReactNode; external?: boolean }) {
  const cls = buttonClass({ variant, size, block }, className);
  if (external) {
    return (
      <a href={href} className={cls} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} className={cls} {...rest}>
      {children}
    </Link>
  );
}
