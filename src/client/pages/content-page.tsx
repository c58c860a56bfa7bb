import { useEffect } from 'react';
import { contentPageTitle } from '../../shared/page-titles';
import { Page } from '../components/ui/page';
import { PageSkeleton } from '../components/ui/skeleton';
import common from '../i18n/catalogues/en/common';
import { useLanguage, useT } from '../i18n/language';
import { PageText } from '../features/marketplace-pages/page-text';
import { useRead } from '../reads';
import { useSiteName } from '../site';
import NotFoundPage from './not-found';

/**
 * /p/{address} (issue 47): a page the operator published (About us, Terms, Privacy...), server-rendered
 * with its text. A draft or unknown address is the 404 page, answered with 404.
 */
export default function ContentPage({ params }: { params: Record<string, string | undefined> }) {
  const address = params.address ?? '';
  const t = useT(common);
  const language = useLanguage();
  const siteName = useSiteName();
  const query = useRead('pages.page', { address, language });
  const page = query.data;

  useEffect(() => {
    if (!page) return;
    const previous = document.title;
    document.title = contentPageTitle(page.title, language, siteName);
    return () => {
      document.title = previous;
    };
  }, [page, language, siteName]);

  if (!page) {
    if (query.error) return <NotFoundPage />;
    return (
      <Page title={<span className="visually-hidden">{t('common.loading')}</span>} narrow>
        <PageSkeleton />
      </Page>
    );
  }
  return (
    <Page title={<span lang={page.titleLanguage !== language ? page.titleLanguage : undefined}>{page.title}</span>} narrow>
      <PageText html={page.html} textLanguage={page.textLanguage} pageLanguage={language} />
    </Page>
  );
}
