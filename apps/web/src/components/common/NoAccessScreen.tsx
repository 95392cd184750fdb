import { Lock } from 'lucide-react';
import { homeLink, StatusPage } from './StatusPage';

/**
 * Shown inside the layout (menu and header stay) instead of a screen the user's role may not view
 * (useScreenAccess in src/lib/useCurrentMenu.ts). The server refuses that screen's calls anyway.
 */
export function NoAccessScreen() {
  return (
    <StatusPage
      testId="no-access"
      code={403}
      icon={Lock}
      tone="warning"
      title="You do not have access to this screen"
      text="Your role does not include this screen. Choose one from the menu, or ask an administrator for access."
      link={homeLink(true)}
    />
  );
}

export default NoAccessScreen;
