import { Eye, Trash2 } from 'lucide-react';
import { Button, ButtonLink } from '../../components/ui/button';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast';
import admin from '../../i18n/catalogues/en/admin';
import { useLanguage, useT } from '../../i18n/language';
import * as styles from './admin.css';
import { failure } from './failure';

type Noun = 'Shop' | 'Product' | 'Slider';
type Key = keyof typeof admin;

/** The toasts of each kind of thing, by what happened to it. */
const TOASTS: Record<Noun, { activated: Key; deactivated: Key; statusFailed: Key; deleted: Key; deleteFailed: Key }> = {
  Shop: {
    activated: 'admin.moderation.activated.Shop',
    deactivated: 'admin.moderation.deactivated.Shop',
    statusFailed: 'admin.moderation.statusFailed.Shop',
    deleted: 'admin.moderation.deleted.Shop',
    deleteFailed: 'admin.moderation.deleteFailed.Shop',
  },
  Product: {
    activated: 'admin.moderation.activated.Product',
    deactivated: 'admin.moderation.deactivated.Product',
    statusFailed: 'admin.moderation.statusFailed.Product',
    deleted: 'admin.moderation.deleted.Product',
    deleteFailed: 'admin.moderation.deleteFailed.Product',
  },
  Slider: {
    activated: 'admin.moderation.activated.Slider',
    deactivated: 'admin.moderation.deactivated.Slider',
    statusFailed: 'admin.moderation.statusFailed.Slider',
    deleted: 'admin.moderation.deleted.Slider',
    deleteFailed: 'admin.moderation.deleteFailed.Slider',
  },
};

/**
 * Activate / Deactivate / Delete of one shop, product or slider, with the spec's confirm text and its
 * toasts ('Shop activated successfully', 'Failed to update shop status', 'Shop deleted successfully',
 * 'Failed to delete shop', and likewise for products and sliders).
 */
export function ModerationActions({
  noun,
  isActive,
  confirmMessage,
  viewHref,
  describedBy,
  setActive,
  remove,
  refresh,
}: {
  noun: Noun;
  isActive: boolean;
  confirmMessage: string;
  viewHref?: string;
  describedBy: string;
  setActive: { mutateAsync: (isActive: boolean) => Promise<unknown>; isPending: boolean };
  remove: { mutateAsync: () => Promise<unknown>; isPending: boolean };
  refresh: () => Promise<unknown>;
}) {
  const toast = useToast();
  const confirm = useConfirm();
  const t = useT(admin);
  const language = useLanguage();
  const texts = TOASTS[noun];

  async function toggle() {
    try {
      await setActive.mutateAsync(!isActive);
      toast.success(t(isActive ? texts.deactivated : texts.activated));
      await refresh();
    } catch (error) {
      toast.error(failure(t(texts.statusFailed), error, language));
    }
  }

  async function onDelete() {
    if (!(await confirm({ title: t('admin.moderation.confirmTitle'), message: confirmMessage, confirmLabel: t('admin.moderation.delete') }))) return;
    try {
      await remove.mutateAsync();
      toast.success(t(texts.deleted));
    } catch (error) {
      toast.error(failure(t(texts.deleteFailed), error, language));
    }
    await refresh();
  }

  return (
    <div className={styles.actions}>
      {viewHref && (
        <ButtonLink href={viewHref} size="sm" variant="outline" aria-describedby={describedBy}>
          <Eye size={14} aria-hidden="true" />
          {t('admin.moderation.view')}
        </ButtonLink>
      )}
      <Button size="sm" variant={isActive ? 'secondary' : 'primary'} onClick={toggle} loading={setActive.isPending} aria-describedby={describedBy}>
        {t(isActive ? 'admin.moderation.deactivate' : 'admin.moderation.activate')}
      </Button>
      <Button size="sm" variant="danger" onClick={onDelete} loading={remove.isPending} aria-describedby={describedBy}>
        <Trash2 size={14} aria-hidden="true" />
        {t('admin.moderation.delete')}
      </Button>
    </div>
  );
}
