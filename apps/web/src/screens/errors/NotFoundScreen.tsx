import { Compass } from 'lucide-react';
import { homeLink, StatusPage } from '@/components/common/StatusPage';
import { getToken } from '@/lib/session';

/** The 404 page (spec: an unknown page). */
export function NotFoundScreen() {
  return (
    <StatusPage
      testId="not-found"
      code={404}
      icon={Compass}
      tone="primary"
      title="Page not found"
      text="The page you asked for does not exist, or it is not available yet."
      link={homeLink(Boolean(getToken()))}
    />
  );
}

export default NotFoundScreen;
