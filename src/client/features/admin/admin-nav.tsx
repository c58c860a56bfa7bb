import { ArrowLeft } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';

/** The way back from a moderation screen to the admin dashboard. */
export function BackToDashboard() {
  return (
    <ButtonLink href="/admin/dashboard" variant="ghost" size="sm">
      <ArrowLeft size={16} aria-hidden="true" />
      Dashboard
    </ButtonLink>
  );
}
