import { Languages } from '../components/ui/public-icons';
import { useLocation, useSearch } from 'wouter';
import { type Language, languageCookie, localizedPath } from '../../shared/i18n/language';
import { buttonClass } from '../components/ui/button';
import common from './catalogues/en/common';
import { useLanguage, useT } from './language';

/**
 * The top bar's language switch ("اردو" on English pages, "English" on Urdu ones): the same page in the
 * other language, and the choice kept in a cookie, which decides only where `/` sends this visitor.
 * A full page load: the other language's page arrives with its own text, direction and head. Tapped
 * before the page's script ran, the click sets nothing; the server keeps the choice then (http/pages.ts).
 */
export function LanguageSwitch() {
  const language = useLanguage();
  const t = useT(common);
  const [path] = useLocation();
  const search = useSearch();
  const other: Language = language === 'ur' ? 'en' : 'ur';
  const href = `${localizedPath(other, path)}${search ? `?${search}` : ''}`;
  const remember = () => {
    document.cookie = languageCookie(other);
  };
  return (
    // Named in its own language and marked so (lang), as a language switch is.
    <a href={href} lang={other} hrefLang={other} className={buttonClass({ variant: 'ghost', size: 'sm' })} onClick={remember} data-testid="language-switch">
      <Languages size={16} aria-hidden="true" />
      {t('common.switchLanguage')}
    </a>
  );
}
