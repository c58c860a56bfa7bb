import { Eye, Trash2 } from 'lucide-react';
import { Button, ButtonLink } from '../../components/ui/button';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast';
import * as styles from './admin.css';
import { failure } from './failure';

type Noun = 'Shop' | 'Product' | 'Slider';

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
  const lower = noun.toLowerCase();

  async function toggle() {
    try {
      await setActive.mutateAsync(!isActive);
      toast.success(`${noun} ${isActive ? 'deactivated' : 'activated'} successfully`);
      await refresh();
    } catch (error) {
      toast.error(failure(`Failed to update ${lower} status`, error));
    }
  }

  async function onDelete() {
    if (!(await confirm({ message: confirmMessage, confirmLabel: 'Delete' }))) return;
    try {
      await remove.mutateAsync();
      toast.success(`${noun} deleted successfully`);
    } catch (error) {
      toast.error(failure(`Failed to delete ${lower}`, error));
    }
    await refresh();
  }

  return (
    <div className={styles.actions}>
      {viewHref && (
        <ButtonLink href={viewHref} size="sm" variant="outline" aria-describedby={describedBy}>
          <Eye size={14} aria-hidden="true" />
          View
        </ButtonLink>
      )}
      <Button size="sm" variant={isActive ? 'secondary' : 'primary'} onClick={toggle} loading={setActive.isPending} aria-describedby={describedBy}>
        {isActive ? 'Deactivate' : 'Activate'}
      </Button>
      <Button size="sm" variant="danger" onClick={onDelete} loading={remove.isPending} aria-describedby={describedBy}>
        <Trash2 size={14} aria-hidden="true" />
        Delete
      </Button>
    </div>
  );
}
