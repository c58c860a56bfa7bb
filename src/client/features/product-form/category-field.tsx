import { Plus } from 'lucide-react';
import { useState } from 'react';
import { localizeMessage } from '../../../shared/i18n/translator';
import { createCategorySchema } from '../../../shared/schemas/category';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';
import * as styles from './product-form.css';

/** The shop's categories, with inline creation of a new one. */
export function CategoryField({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const toast = useToast();
  const t = useT(shop);
  const language = useLanguage();
  const utils = trpc.useUtils();
  const categories = trpc.categories.mine.useQuery();
  const create = trpc.categories.create.useMutation();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');

  async function onCreate() {
    const parsed = createCategorySchema.safeParse({ name });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      toast.error(issue ? localizeMessage(language, issue) : t('shop.category.enterName'));
      return;
    }
    try {
      const made = await create.mutateAsync(parsed.data);
      await utils.categories.mine.invalidate();
      onChange(made.id);
      setName('');
      setAdding(false);
      toast.success(t('shop.category.created'));
    } catch (error) {
      toast.error(errorMessage(error, t('shop.category.failed')));
    }
  }

  return (
    <div className={styles.group}>
      <div className={styles.inline}>
        <div className={styles.grow}>
          <SelectField label={t('shop.category.label')} value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}>
            <option value="">{t('shop.category.none')}</option>
            {categories.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
        </div>
        <Button variant="outline" onClick={() => setAdding((v) => !v)} aria-expanded={adding}>
          <Plus size={16} aria-hidden="true" /> {t('shop.category.new')}
        </Button>
      </div>
      {adding && (
        <div className={styles.inline}>
          <div className={styles.grow}>
            <TextField
              label={t('shop.category.newName')}
              dir="auto"
              value={name}
              maxLength={60}
              autoFocus
              onChange={(e) => setName(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void onCreate();
                }
              }}
            />
          </div>
          <Button onClick={onCreate} loading={create.isPending}>
            {t('shop.category.create')}
          </Button>
        </div>
      )}
    </div>
  );
}
