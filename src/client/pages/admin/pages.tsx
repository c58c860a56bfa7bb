import { ExternalLink, FileText, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import { BackToDashboard } from '../../features/admin/admin-nav';
import * as styles from '../../features/admin/admin.css';
import { failure, useLoadFailureToast } from '../../features/admin/failure';
import { PageForm } from '../../features/admin/page-form';
import admin from '../../i18n/catalogues/en/admin';
import { useLanguage, useT } from '../../i18n/language';
import { trpc } from '../../trpc';

/** A saved page's form, once its Markdown is read. */
function EditPage({ id, onDone }: { id: number; onDone: () => void }) {
  const t = useT(admin);
  const language = useLanguage();
  const toast = useToast();
  const page = trpc.pages.get.useQuery({ id });
  useLoadFailureToast(page.error, t('admin.pages.loadFailed'), toast.error, language);
  return page.data ? (
    <PageForm page={page.data} onDone={onDone} />
  ) : (
    <Card>
      <Skeleton height={320} />
    </Card>
  );
}

/** "Delete", asked first: the page's address then answers "page not found". */
function DeletePage({ page }: { page: { id: number; title: string } }) {
  const t = useT(admin);
  const language = useLanguage();
  const toast = useToast();
  const confirm = useConfirm();
  const utils = trpc.useUtils();
  const remove = trpc.pages.delete.useMutation();
  async function onDelete() {
    const asked = { title: t('admin.pages.deleteTitle', { title: page.title }), message: t('admin.pages.deleteMessage'), confirmLabel: t('admin.pages.delete') };
    if (!(await confirm(asked))) return;
    try {
      await remove.mutateAsync({ id: page.id });
      toast.success(t('admin.pages.deleted'));
    } catch (error) {
      toast.error(failure(t('admin.pages.deleteFailed'), error, language));
    }
    await utils.pages.list.invalidate();
  }
  return (
    <Button size="sm" variant="danger" onClick={() => void onDelete()} loading={remove.isPending} aria-label={t('admin.pages.deleteNamed', { title: page.title })}>
      <Trash2 size={14} aria-hidden="true" />
      {t('admin.pages.delete')}
    </Button>
  );
}

/**
 * /admin/pages (issue 47): the marketplace's pages (About us, Terms, Privacy...), drafts included,
 * "New page", and each page's form.
 */
export default function AdminPagesPage() {
  const t = useT(admin);
  const language = useLanguage();
  const toast = useToast();
  const pages = trpc.pages.list.useQuery();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  useLoadFailureToast(pages.error, t('admin.pages.loadFailed'), toast.error, language);
  const done = () => {
    setEditing(null);
    window.scrollTo({ top: 0 });
  };

  return (
    <Page
      title={t('admin.pages.title')}
      subtitle={t('admin.pages.subtitle')}
      actions={
        <>
          <BackToDashboard />
          {editing === null && (
            <Button size="sm" onClick={() => setEditing('new')}>
              <Plus size={16} aria-hidden="true" />
              {t('admin.pages.new')}
            </Button>
          )}
        </>
      }
    >
      {editing === 'new' && <PageForm page={null} onDone={done} />}
      {typeof editing === 'number' && <EditPage id={editing} onDone={done} />}
      {editing === null &&
        (pages.data ? (
          <ul className={styles.list} aria-label={t('admin.pages.list')}>
            {pages.data.map((page) => (
              <li key={page.id}>
                <Card as="article" aria-labelledby={`page-${page.id}`} className={styles.item}>
                  <div className={styles.body}>
                    <div className={styles.titleRow}>
                      <FileText size={18} aria-hidden="true" />
                      <h2 className={styles.itemTitle} id={`page-${page.id}`} dir="auto">
                        {page.title}
                      </h2>
                      <Badge tone={page.published ? 'success' : 'secondary'}>{t(page.published ? 'admin.pages.published' : 'admin.pages.draft')}</Badge>
                      {page.showInFooter && <Badge tone="outline">{t('admin.pages.inFooter')}</Badge>}
                    </div>
                    <p className={styles.link}>
                      <ExternalLink size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
                      {page.published ? (
                        <Link href={`/p/${page.address}`}>
                          <bdi>/p/{page.address}</bdi>
                        </Link>
                      ) : (
                        <bdi>/p/{page.address}</bdi>
                      )}
                    </p>
                    <div className={styles.actions}>
                      <Button size="sm" variant="outline" onClick={() => setEditing(page.id)} aria-label={t('admin.pages.editNamed', { title: page.title })}>
                        {t('admin.pages.edit')}
                      </Button>
                      <DeletePage page={page} />
                    </div>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        ) : (
          <Card>
            <Skeleton height={240} />
          </Card>
        ))}
    </Page>
  );
}
