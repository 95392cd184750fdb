import { MENU } from '@hr/contract/menus';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

const TONES = {
  primary: { badge: 'bg-primary/10 text-primary', code: 'text-primary' },
  destructive: { badge: 'bg-destructive/10 text-destructive', code: 'text-destructive' },
  warning: { badge: 'bg-amber-500/10 text-amber-600 dark:text-amber-400', code: 'text-amber-600 dark:text-amber-400' },
} as const;

export interface StatusPageProps {
  testId: string;
  code: number;
  icon: LucideIcon;
  tone: keyof typeof TONES;
  title: string;
  text: string;
  /** Where the button leads and what it says. */
  link: { to: string; label: string };
  /** Outside the layout the page fills the window; inside it, the content area. */
  fullScreen?: boolean;
}

/** The 400, 403 and 404 pages: a status code, a title, a line of text and one way back. */
export function StatusPage({ testId, code, icon: Icon, tone, title, text, link, fullScreen = false }: StatusPageProps) {
  const colors = TONES[tone];
  return (
    <div
      className={cn('flex items-center justify-center p-6', fullScreen ? 'min-h-svh bg-background' : 'min-h-[70vh]')}
      data-testid={testId}
    >
      <div className="max-w-md text-center">
        <div className={cn('mx-auto mb-6 flex size-14 items-center justify-center rounded-2xl', colors.badge)}>
          <Icon className="size-7" />
        </div>
        <p className={cn('text-sm font-semibold', colors.code)}>{code}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{text}</p>
        <Button asChild className="mt-6">
          <Link to={link.to} replace>
            {link.label}
          </Link>
        </Button>
      </div>
    </div>
  );
}

/** Back to the dashboard when signed in, else to sign-in. */
export function homeLink(signedIn: boolean): { to: string; label: string } {
  return signedIn ? { to: MENU.dashboard, label: 'Go to the dashboard' } : { to: '/', label: 'Go to sign-in' };
}
