import { ShieldAlert } from 'lucide-react';
import { homeLink, StatusPage } from '@/components/common/StatusPage';
import { getToken } from '@/lib/session';

/** /400-bad-req: where a route parameter that does not decrypt (or another bad request) lands. */
export function BadRequestScreen() {
  return (
    <StatusPage
      fullScreen
      testId="bad-request"
      code={400}
      icon={ShieldAlert}
      tone="destructive"
      title="Bad request"
      text="The link you followed is not valid. Open the screen again from the menu."
      link={homeLink(Boolean(getToken()))}
    />
  );
}

export default BadRequestScreen;
