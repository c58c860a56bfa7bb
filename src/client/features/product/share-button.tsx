import { Share2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import productTexts from '../../i18n/catalogues/en/product';
import { useT } from '../../i18n/language';

/** Web Share where the device has it; otherwise the link is copied ('Link copied to clipboard!'). */
export function ShareButton({ title, text }: { title: string; text?: string }) {
  const toast = useToast();
  const t = useT(productTexts);
  async function share() {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('product.share.copied'));
    } catch {
      toast.error(t('product.share.copyFailed'));
    }
  }
  return (
    <Button variant="outline" size="icon" onClick={() => void share()} aria-label={t('product.share.label')}>
      <Share2 size={18} aria-hidden="true" />
    </Button>
  );
}
