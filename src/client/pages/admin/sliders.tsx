import { ExternalLink, Images, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
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
import { trpc } from '../../trpc';

type AdminSlider = { id: number; title: string | null; imageUrl: string; redirectUrl: string; isActive: boolean; displayOrder: number };

function SliderCard({ slider }: { slider: AdminSlider }) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const setActive = trpc.sliders.setActive.useMutation();
  const setOrder = trpc.sliders.setDisplayOrder.useMutation();
  const remove = trpc.sliders.delete.useMutation();
  const titleId = `slider-${slider.id}`;
  const title = slider.title ?? 'Untitled';

  const refresh = () => Promise.all([utils.sliders.adminList.invalidate(), utils.sliders.listActive.invalidate(), utils.admin.stats.invalidate()]);

  async function onReorder(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('displayOrder') ?? '').trim();
    const parsed = displayOrderSchema.safeParse(text === '' ? Number.NaN : Number(text));
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Failed to update display order');
      return;
    }
    if (parsed.data === slider.displayOrder) return;
    try {
      await setOrder.mutateAsync({ id: slider.id, displayOrder: parsed.data });
      toast.success('Display order updated');
      await refresh();
    } catch (error) {
      toast.error(failure('Failed to update display order', error));
    }
  }

  return (
    <li>
      <Card padded={false} as="article" aria-labelledby={titleId} style={{ height: '100%' }}>
        <img src={slider.imageUrl} alt={slider.title ? slider.title : 'Untitled slider'} className={styles.sliderImage} loading="lazy" />
        <div className={styles.sliderBody}>
          <div className={styles.titleRow}>
            <h2 className={styles.itemTitle} id={titleId}>
              {title}
            </h2>
            <Badge tone={slider.isActive ? 'success' : 'secondary'}>{slider.isActive ? 'Active' : 'Inactive'}</Badge>
            <Badge tone="outline">Order: {slider.displayOrder}</Badge>
          </div>
          <p className={styles.link}>
            <ExternalLink size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
            <span>
              <span className="visually-hidden">Opens </span>
              {slider.redirectUrl}
            </span>
          </p>
          <form onSubmit={onReorder} noValidate className={styles.orderRow}>
            <div className={styles.orderInput}>
              <TextField label="Display Order" name="displayOrder" type="number" inputMode="numeric" min={0} max={9999} step={1} defaultValue={slider.displayOrder} key={slider.displayOrder} />
            </div>
            <Button type="submit" size="sm" variant="outline" loading={setOrder.isPending}>
              Save order
            </Button>
          </form>
          <ModerationActions
            noun="Slider"
            isActive={slider.isActive}
            confirmMessage="Are you sure you want to delete this slider?"
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
  const [adding, setAdding] = useState(false);
  const query = trpc.sliders.adminList.useQuery();
  useLoadFailureToast(query.error, 'Failed to load sliders', toast.error);

  return (
    <Page
      title="Homepage Sliders"
      subtitle="Banners of the browse page carousel."
      actions={
        <>
          <BackToDashboard />
          <Button onClick={() => setAdding((v) => !v)} aria-expanded={adding} variant={adding ? 'outline' : 'primary'}>
            <Plus size={16} aria-hidden="true" />
            Add Slider
          </Button>
        </>
      }
    >
      {adding && <SliderForm onDone={() => setAdding(false)} />}
      <AdminListStates isPending={query.isPending} error={query.error} isEmpty={query.data?.length === 0} noun="sliders" emptyIcon={<Images size={32} />}>
        <ul className={styles.sliderGrid} aria-label="Sliders">
          {query.data?.map((s) => (
            <SliderCard key={s.id} slider={s} />
          ))}
        </ul>
      </AdminListStates>
    </Page>
  );
}
