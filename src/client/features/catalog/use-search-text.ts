import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';

const PAUSE_MS = 300;

/**
 * A search box bound to one URL parameter, so a filtered view can be shared and survives reload:
 * typing updates the URL after a short pause; back/forward or a shared link updates the box (without
 * eating a trailing space being typed). A pause that ends after the person has left the page (say,
 * by opening a result) is dropped: a late update would navigate back.
 */
export function useSearchText(key = 'q'): { value: string; text: string; setText: (text: string) => void } {
  const [params, setParams] = useSearchParams();
  const value = params.get(key) ?? '';
  const [text, setText] = useState(value);

  useEffect(() => setText((current) => (current.trim() === value ? current : value)), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const page = window.location.pathname;
    const timer = window.setTimeout(() => {
      if (window.location.pathname !== page) return;
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (text.trim()) next.set(key, text.trim());
          else next.delete(key);
          return next;
        },
        { replace: true },
      );
    }, PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, key, setParams]);

  return { value, text, setText };
}
