import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { ReportThing } from '../../../shared/reports';
import { Button } from '../../components/ui/button';
import productTexts from '../../i18n/catalogues/en/product';
import { useT } from '../../i18n/language';

const ReportDialog = lazy(() => import('./report-dialog'));

/**
 * "Report" (issue 49): a flag button on product pages, storefronts and each review; its dialog's code
 * arrives the first time someone opens it. Guests may report too (the server limits a flood).
 */
export function ReportButton({ thing, compact = false }: { thing: { type: ReportThing; id: number }; compact?: boolean }) {
  const t = useT(productTexts);
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  if (open && !shown) setShown(true);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Flag size={compact ? 14 : 16} aria-hidden="true" />
        {t('product.report.button')}
      </Button>
      {shown && (
        <Suspense fallback={null}>
          <ReportDialog thing={thing} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
