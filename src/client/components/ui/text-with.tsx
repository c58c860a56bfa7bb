import type { ReactNode } from 'react';

/**
 * A translated sentence with an element inside it (a link, a price in <bdi>), wherever its language
 * puts it: pass SLOT as the placeholder's value (`t('x', { link: SLOT })`) and the element as children.
 * t returns text, never markup; the invisible separator marks where the element goes.
 */
export const SLOT = '\u2063';

export function TextWith({ text, children }: { text: string; children: ReactNode }) {
  const at = text.indexOf(SLOT);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      {children}
      {text.slice(at + SLOT.length)}
    </>
  );
}
