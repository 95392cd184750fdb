// The installable web app's manifest (issue 29): the organisation's name from its master, the icons the web build
// ships (apps/web/public/icons), opening on the staff's phone home (served by manifest-routes.ts, public).
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisation } from '../../db/schema';

/** The theme colour of the icons and the top bar (apps/web/public/favicon.svg). */
const THEME = '#4f46e5';

/** A home-screen label: the name when short, else its first word when that is, else the name cut. */
export function shortName(name: string): string {
  if (name.length <= 12) return name;
  const first = name.split(/\s+/)[0] ?? '';
  return first.length >= 3 && first.length <= 12 ? first : name.slice(0, 12).trim();
}

/** The manifest, named after the organisation (its first row's name; a blank one reads "HR and payroll"). */
export async function appManifest(db: Db) {
  const [org] = await db.select({ name: organisation.name }).from(organisation).orderBy(asc(organisation.id)).limit(1);
  const name = org?.name.trim() || 'HR and payroll';
  return {
    id: '/outlet/home',
    name,
    short_name: shortName(name),
    description: `${name}: attendance, leave, requests and payslips`,
    lang: 'en-IN',
    start_url: '/outlet/home',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#ffffff',
    theme_color: THEME,
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
