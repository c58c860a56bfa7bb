import { X } from '../components/ui/public-icons';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { announcementShows } from '../../shared/announcement';
import { useHydrated } from '../hydration';
import type { OutputOf } from '../reads';
import common from '../i18n/catalogues/en/common';
import { useLanguage, useT } from '../i18n/language';
import * as styles from './site-chrome.css';

type Announcement = NonNullable<OutputOf<'pages.shell'>['announcement']>;

/** Where a browser keeps the key (a hash of the texts) of the announcement it dismissed. */
const DISMISSED = 'announcement-dismissed';

function dismissedKey(): string | null {
  try {
    return window.localStorage.getItem(DISMISSED);
  } catch {
    return null;
  }
}

/**
 * The announcement at the top of every public page (issue 47), as the server rendered it; once the
 * page runs, a browser that dismissed this text (its key in local storage) hides it, and so does one
 * whose clock is past its end (a page kept open, or answered from a cache). A new text has a new key.
 */
export function AnnouncementBar({ announcement }: { announcement: Announcement }) {
  const t = useT(common);
  const language = useLanguage();
  const hydrated = useHydrated();
  const [hidden, setHidden] = useState(false);
  const { key } = announcement;
  useEffect(() => {
    setHidden(dismissedKey() === key || !announcementShows(announcement, new Date()));
  }, [key, announcement]);
  if (hidden) return null;

  function dismiss() {
    try {
      window.localStorage.setItem(DISMISSED, key);
    } catch {
      // Private mode without storage: hidden for this page only.
    }
    setHidden(true);
  }

  const urdu = language === 'ur' && announcement.textUr !== '';
  const text = urdu ? announcement.textUr : announcement.text;
  const { link } = announcement;
  return (
    <section className={styles.announcement} aria-label={t('common.announcement.label')}>
      <p className={styles.announcementText} lang={language === 'ur' && !urdu ? 'en' : undefined}>
        {!link ? text : link.startsWith('/') ? <Link href={link}>{text}</Link> : <a href={link}>{text}</a>}
      </p>
      <button type="button" className={styles.dismiss} onClick={dismiss} disabled={!hydrated} aria-label={t('common.announcement.dismiss')}>
        <X size={18} aria-hidden="true" />
      </button>
    </section>
  );
}
