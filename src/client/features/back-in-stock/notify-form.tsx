import { Bell, CheckCircle2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { SLOT, TextWith } from '../../components/ui/text-with';
import productTexts from '../../i18n/catalogues/en/product';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { useCall } from '../../reads';
import * as styles from './notify-form.css';

/**
 * "Notify me when it's back" (issue 50): under a sold-out product or colour x size, a button that opens
 * an email field (the signed-in buyer's address filled in). The server says whether it was already
 * asked, and refuses what is in stock. Shown only when the marketplace can send email. Give it a `key`
 * per choice, so another colour or size starts closed.
 */
export function NotifyWhenBack({ productId, color, size, email }: { productId: number; color: string | null; size: string | null; email: string | null }) {
  const t = useT(productTexts);
  const language = useLanguage();
  const call = useCall();
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState(email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<{ email: string; alreadyAsked: boolean } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      const answer = await call('backInStock.ask', { productId, color, size, email: address });
      setDone({ email: address.trim().toLowerCase(), alreadyAsked: answer.alreadyAsked });
    } catch (failure) {
      setError(errorMessage(failure, undefined, language));
    } finally {
      setSending(false);
    }
  }

  if (done) {
    return (
      <p className={styles.done} role="status">
        <CheckCircle2 size={18} aria-hidden="true" />
        <span>
          <TextWith text={t(done.alreadyAsked ? 'product.notify.already' : 'product.notify.done', { email: SLOT })}>
            <bdi dir="ltr">{done.email}</bdi>
          </TextWith>
        </span>
      </p>
    );
  }
  if (!open) {
    return (
      <Button variant="outline" size="lg" block onClick={() => setOpen(true)}>
        <Bell size={18} aria-hidden="true" />
        {t('product.notify.button')}
      </Button>
    );
  }
  return (
    <form className={styles.box} onSubmit={onSubmit} noValidate aria-label={t('product.notify.button')}>
      <p className={styles.title}>{t('product.notify.button')}</p>
      <TextField
        label={t('product.notify.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        dir="ltr"
        required
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        hint={t('product.notify.hint')}
        error={error}
        autoFocus={!email}
      />
      <Button type="submit" block loading={sending}>
        {t('product.notify.submit')}
      </Button>
    </form>
  );
}
