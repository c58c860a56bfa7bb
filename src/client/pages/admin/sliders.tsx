import { ExternalLink, Images, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { localizeMessage } from '../../../shared/i18n/translator';
import { displayOrderSchema } from '../../../shared/schemas/slider';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { Page } from '../../components/ui/page';
import { useToast } from '../../components/ui/toast';
import { AdminListStates } from '../../features/admin/admin-list';
import { BackToDashboard } from '../../features/admin/admin-nav';
import * as styles from '../../features/admin/admin.css';
import { failure, useLoadFailureToast } from '../../features/admin/failure';
import { ModerationActions } from '../../features/admin/moderation';
import { SliderForm } from '../../features/admin/slider-form';
import admin from '../../i18n/catalogues/en/admin';
import { useLanguage, useT } from '../../i18n/language';
import { trpc } from '../../trpc';

type AdminSlider = { id: number; title: string | null; imageUrl: string; redirectUrl: string; isActive: boolean; displayOrder: number };

function SliderCard({ slider }: { slider: AdminSlider }) {
  const toast = useToast();
  const t = useT(admin);
  const language = useLanguage();
  const utils = trpc.useUtils();
  const setActive = trpc.sliders.setActive.useMutation();
  const setOrder = trpc.sliders.setDisplayOrder.useMutation();
  const remove = trpc.sliders.delete.useMutation();
  const titleId = `slider-${slider.id}`;
  const title = slider.title ?? t('admin.sliders.untitled');

  const refresh = () => Promise.all([utils.sliders.adminList.invalidate(), utils.sliders.listActive.invalidate(), utils.admin.stats.invalidate()]);

  async function onReorder(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('displayOrder') ?? '').trim();
    const parsed = displayOrderSchema.safeParse(text === '' ? Number.NaN : Number(text));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      toast.error(issue ? localizeMessage(language, issue) : t('admin.sliders.orderFailed'));
      return;
    }
    if (parsed.data === slider.displayOrder) return;
    try {
      await setOrder.mutateAsync({ id: slider.id, displayOrder: parsed.data });
      toast.success(t('admin.sliders.orderUpdated'));
      await refresh();
    } catch (error) {
      toast.error(failure(t('admin.sliders.orderFailed'), error, language));
    }
  }

  return (
    <li>
      <Card padded={false} as="article" aria-labelledby={titleId} style={{ height: '100%' }}>
        <img src={slider.imageUrl} alt={slider.title ? slider.title : t('admin.sliders.untitledImage')} className={styles.sliderImage} loading="lazy" />
        <div className={styles.sliderBody}>
          <div className={styles.titleRow}>
            <h2 className={styles.itemTitle} id={titleId} dir="auto">
              {title}
            </h2>
            <Badge tone={slider.isActive ? 'success' : 'secondary'}>{t(slider.isActive ? 'admin.common.active' : 'admin.common.inactive')}</Badge>
            <Badge tone="outline">{t('admin.sliders.order', { order: slider.displayOrder })}</Badge>
          </div>
          <p className={styles.link}>
            <ExternalLink size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
            <span>
              <span className="visually-hidden">{t('admin.sliders.opens')}</span>
              <bdi>{slider.redirectUrl}</bdi>
            </span>
          </p>
          <form onSubmit={onReorder} noValidate className={styles.orderRow}>
            <div className={styles.orderInput}>
              <TextField label={t('admin.sliders.displayOrder')} name="displayOrder" type="number" inputMode="numeric" min={0} max={9999} step={1} defaultValue={slider.displayOrder} key={slider.displayOrder} />
            </div>
            <Button type="submit" size="sm" variant="outline" loading={setOrder.isPending}>
              {t('admin.sliders.saveOrder')}
            </Button>
          </form>
          <ModerationActions
            noun="Slider"
            isActive={slider.isActive}
            confirmMessage={t('admin.sliders.confirmDelete')}
            describedBy={titleId}
            setActive={{ mutateAsync: (isActive) => setActive.mutateAsync({ id: slider.id, isActive }), isPending: setActive.isPending }}
            remove={{ mutateAsync: () => remove.mutateAsync({ id: slider.id }), isPending: remove.isPending }}
            refresh={refresh}
          />
        </div>
      </Card>
    </li>
  );
}

export default function AdminSlidersPage() {
  const toast = useToast();
  const t = useT(admin);
  const language = useLanguage();
  const [adding, setAdding] = useState(false);
  const query = trpc.sliders.adminList.useQuery();
  useLoadFailureToast(query.error, t('admin.lists.failed.sliders'), toast.error, language);

  return (
    <Page
      title={t('admin.sliders.title')}
      subtitle={t('admin.sliders.subtitle')}
      actions={
        <>
          <BackToDashboard />
          <Button onClick={() => setAdding((v) => !v)} aria-expanded={adding} variant={adding ? 'outline' : 'primary'}>
            <Plus size={16} aria-hidden="true" />
            {t('admin.sliders.add')}
          </Button>
        </>
      }
    >
      {adding && <SliderForm onDone={() => setAdding(false)} />}
      <AdminListStates isPending={query.isPending} error={query.error} isEmpty={query.data?.length === 0} noun="sliders" emptyIcon={<Images size={32} />}>
        <ul className={styles.sliderGrid} aria-label={t('admin.sliders.list')}>
          {query.data?.map((s) => (
            <SliderCard key={s.id} slider={s} />
          ))}
        </ul>
      </AdminListStates>
    </Page>
  );
}
