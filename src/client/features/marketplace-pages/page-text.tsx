import type { Language } from '../../../shared/i18n/language';
import * as styles from './page-text.css';

/**
 * A marketplace page's text: HTML the server rendered from Markdown and sanitized (server/pages/markdown.ts),
 * the only HTML of this kind a page shows. English on an Urdu page says so (lang, and left to right).
 */
export function PageText({ html, textLanguage, pageLanguage }: { html: string; textLanguage: Language; pageLanguage: Language }) {
  const other = textLanguage !== pageLanguage;
  return <div className={styles.text} lang={other ? textLanguage : undefined} dir={other ? (textLanguage === 'ur' ? 'rtl' : 'ltr') : undefined} dangerouslySetInnerHTML={{ __html: html }} />;
}
