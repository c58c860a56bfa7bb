import { Compass } from 'lucide-react';
import { ButtonLink } from '../components/ui/button';
import * as styles from '../components/ui/empty-state.css';
import { Page } from '../components/ui/page';
import common from '../i18n/catalogues/en/common';
import { useT } from '../i18n/language';

export default function NotFoundPage() {
  const t = useT(common);
  return (
    <Page title={t('common.notFound.title')} narrow>
      <div className={styles.empty}>
        <div className={styles.icon} aria-hidden="true">
          <Compass size={28} />
        </div>
        <p className={styles.title} aria-hidden="true">
          404
        </p>
        <p>{t('common.notFound.body')}</p>
        <ButtonLink href="/">{t('common.notFound.home')}</ButtonLink>
      </div>
    </Page>
  );
}
