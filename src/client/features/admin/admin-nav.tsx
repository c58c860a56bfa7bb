import { ArrowLeft } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { directional } from '../../styles/direction.css';

/** The way back from a moderation screen to the admin dashboard. */
export function BackToDashboard() {
  return (
    <ButtonLink href="/admin/dashboard" variant="ghost" size="sm">
      <ArrowLeft size={16} className={directional} aria-hidden="true" />
      Dashboard
    </ButtonLink>
  );
}
