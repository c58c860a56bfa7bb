import { Compass } from 'lucide-react';
import { ButtonLink } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { Page } from '../components/ui/page';

export default function NotFoundPage() {
  return (
    <Page title="404" narrow>
      <EmptyState icon={<Compass size={28} />} title="Oops! Page not found">
        <p>The page you are looking for does not exist or has moved.</p>
        <ButtonLink href="/">Return to Home</ButtonLink>
      </EmptyState>
    </Page>
  );
}
