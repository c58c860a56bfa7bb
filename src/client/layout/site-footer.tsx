import { Link } from 'wouter';
import type { OutputOf } from '../reads';
import common from '../i18n/catalogues/en/common';
import { useLanguage, useT } from '../i18n/language';
import * as styles from './site-chrome.css';

type Shell = OutputOf<'pages.shell'>;

/**
 * The footer of every page (issue 47): the published pages the operator put in it, and "© {year}
 * {name}". An Urdu page names each page in Urdu where it has an Urdu title, else in English, saying so.
 */
export function SiteFooter({ shell, siteName, withNav }: { shell: Shell | undefined; siteName: string; withNav: boolean }) {
  const t = useT(common);
  const language = useLanguage();
  const links = shell?.footer ?? [];
  return (
    <footer className={`${styles.footer} ${withNav ? '' : styles.footerNoNav}`}>
      <div className={styles.footerInner}>
        {links.length > 0 && (
          <nav aria-label={t('common.footer.pages')}>
            <ul className={styles.footerLinks}>
              {links.map((page) => {
                const urdu = language === 'ur' && page.titleUr !== '';
                return (
                  <li key={page.address}>
                    <Link href={`/p/${page.address}`} className={styles.footerLink} lang={language === 'ur' && !urdu ? 'en' : undefined}>
                      {urdu ? page.titleUr : page.title}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        )}
        {/* The year the server said (the marketplace's time zone), so the page hydrates as it was rendered. */}
        <p className={styles.copyright}>{t('common.footer.copyright', { year: String(shell?.year ?? new Date().getFullYear()), name: siteName })}</p>
      </div>
    </footer>
  );
}
