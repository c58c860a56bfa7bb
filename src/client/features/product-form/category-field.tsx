import { Plus } from 'lucide-react';
import { useState } from 'react';
import { createCategorySchema } from '../../../shared/schemas/category';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc } from '../../trpc';
import * as styles from './product-form.css';

/** The shop's categories, with inline creation of a new one. */
export function CategoryField({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const categories = trpc.categories.mine.useQuery();
  const create = trpc.categories.create.useMutation();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');

  async function onCreate() {
    const parsed = createCategorySchema.safeParse({ name });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Please enter a category name');
      return;
    }
    try {
      const made = await create.mutateAsync(parsed.data);
      await utils.categories.mine.invalidate();
      onChange(made.id);
      setName('');
      setAdding(false);
      toast.success('Category created successfully');
    } catch (error) {
      toast.error(errorMessage(error, 'Error creating category'));
    }
  }

  return (
    <div className={styles.group}>
      <div className={styles.inline}>
        <div className={styles.grow}>
          <SelectField label="Category" value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}>
            <option value="">No category</option>
            {categories.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
        </div>
        <Button variant="outline" onClick={() => setAdding((v) => !v)} aria-expanded={adding}>
          <Plus size={16} aria-hidden="true" /> New category
        </Button>
      </div>
      {adding && (
        <div className={styles.inline}>
          <div className={styles.grow}>
            <TextField
              label="New category name"
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
            Create category
          </Button>
        </div>
      )}
    </div>
  );
}
