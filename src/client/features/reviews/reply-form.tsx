import { type FormEvent, useState } from 'react';
import { REVIEW_REPLY_MAX } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import productTexts from '../../i18n/catalogues/en/product';
import { useT } from '../../i18n/language';
import * as styles from './reviews.css';

/** The shop owner's "Reply" (or "Edit reply") to one review: a small form that opens in place. */
export function ReplyForm({ existing, save }: { existing: string | null; save: (reply: string) => Promise<void> }) {
  const t = useT(productTexts);
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(existing ?? '');
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    try {
      await save(text.trim());
      toast.success(t('product.reviews.replySaved'));
      setOpen(false);
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : t('product.reviews.submitFailed'));
    } finally {
      setSaving(false);
    }
  }

  if (!open) {
    return (
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {existing ? t('product.reviews.editReply') : t('product.reviews.reply')}
      </Button>
    );
  }
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('product.reviews.replyForm')}>
      <TextAreaField label={t('product.reviews.yourReply')} value={text} onChange={(e) => setText(e.currentTarget.value)} maxLength={REVIEW_REPLY_MAX} rows={3} dir="auto" />
      <div className={styles.actions}>
        <Button type="submit" size="sm" loading={saving}>
          {t('product.reviews.saveReply')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setOpen(false)}>
          {t('product.report.cancel')}
        </Button>
      </div>
    </form>
  );
}
