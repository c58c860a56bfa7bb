import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/i18n/language';
import { type Catalogue, hasMessages, type Translate, translator } from '../../shared/i18n/translator';

/**
 * The page's language (from its URL: /ur/… is Urdu), for every screen. Texts come through `useT` with
 * the screen's own English catalogue (which travels with its code); Urdu is loaded before the first
 * render of an Urdu page (loadLanguage).
 */
const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);

export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): Language {
  return useContext(LanguageContext);
}

/** The translate function of a catalogue in the page's language: `t('cart.empty')`, `t('cart.items', { count })`. */
export function useT<T extends Catalogue>(catalogue: T): Translate<T> {
  const language = useLanguage();
  return useMemo(() => translator(language, catalogue), [language, catalogue]);
}

/** Loads what a language needs before its page renders: for Urdu, its translations and its font. */
export async function loadLanguage(language: Language): Promise<void> {
  if (hasMessages(language)) return;
  const { loadUrdu } = await import('./urdu');
  await loadUrdu();
}

/**
 * What the shopkeeper's and admin's screens need besides their code: on an Urdu page (its Urdu is
 * loaded before the first render) their Urdu texts, in a chunk of their own; nothing on an English one.
 */
export async function loadBackOfficeTexts(): Promise<void> {
  if (!hasMessages('ur')) return;
  const { loadUrduBackOffice } = await import('./urdu-back-office');
  loadUrduBackOffice();
}
