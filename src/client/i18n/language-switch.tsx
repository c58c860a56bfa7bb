import { Languages } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { LANGUAGE_COOKIE, type Language, localizedPath } from '../../shared/i18n/language';
import { buttonClass } from '../components/ui/button';
import common from './catalogues/en/common';
import { useLanguage, useT } from './language';

/** A year: the choice outlives a session. */
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The top bar's language switch ("اردو" on English pages, "English" on Urdu ones): the same page in the
 * other language, and the choice kept in a cookie, which decides only where `/` sends this visitor.
 * A full page load: the other language's page arrives with its own text, direction and head.
 */
export function LanguageSwitch() {
  const language = useLanguage();
  const t = useT(common);
  const [path] = useLocation();
  const search = useSearch();
  const other: Language = language === 'ur' ? 'en' : 'ur';
  const href = `${localizedPath(other, path)}${search ? `?${search}` : ''}`;
  const remember = () => {
    document.cookie = `${LANGUAGE_COOKIE}=${other}; path=/; max-age=${COOKIE_MAX_AGE}; samesite=lax`;
  };
  return (
    // Named in its own language and marked so (lang), as a language switch is.
    <a href={href} lang={other} hrefLang={other} className={buttonClass({ variant: 'ghost', size: 'sm' })} onClick={remember} data-testid="language-switch">
      <Languages size={16} aria-hidden="true" />
      {t('common.switchLanguage')}
    </a>
  );
}
