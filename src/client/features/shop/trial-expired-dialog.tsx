import { MessageCircle, TimerOff } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { trpc } from '../../trpc';

/**
 * Spec section 8's blocking trial dialog. It cannot be dismissed, and the server refuses the
 * shopkeeper's writes anyway. The support number is only a link target, never shown.
 */
export function TrialExpiredDialog({ open, minutes }: { open: boolean; minutes: number }) {
  const support = trpc.shops.supportLink.useQuery(undefined, { enabled: open, staleTime: Infinity });
  return (
    <Dialog
      open={open}
      dismissible={false}
      role="alertdialog"
      title="Free Trial Expired"
      icon={<TimerOff size={32} color="#e8590c" aria-hidden="true" />}
      actions={
        support.data?.url ? (
          <ButtonLink href={support.data.url} external variant="whatsapp" block>
            <MessageCircle size={18} aria-hidden="true" /> WhatsApp Support
          </ButtonLink>
        ) : null
      }
    >
      <p>{`Your ${minutes}-minute free trial has expired.`}</p>
      <p style={{ marginTop: 8 }}>To continue using the product as a shopkeeper, please contact our support team.</p>
    </Dialog>
  );
}
