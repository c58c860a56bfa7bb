import { Compass } from 'lucide-react';
import { ButtonLink } from '../components/ui/button';
import * as styles from '../components/ui/empty-state.css';
import { Page } from '../components/ui/page';

export default function NotFoundPage() {
  return (
    <Page title="Oops! Page not found" narrow>
      <div className={styles.empty}>
        <div className={styles.icon} aria-hidden="true">
          <Compass size={28} />
        </div>
        <p className={styles.title} aria-hidden="true">
          404
        </p>
        <p>The page you are looking for does not exist or has moved.</p>
        <ButtonLink href="/">Return to Home</ButtonLink>
      </div>
    </Page>
  );
}
