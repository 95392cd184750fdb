// The installable web app's manifest (issue 29): the organisation's name from its master, the icons the web build
// ships (apps/web/public/icons), opening on the staff's phone home. Public: the browser fetches it without a session.
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organisation } from '../../db/schema';

const ZIcon = z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string() });
const ZManifest = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  lang: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.string(),
  orientation: z.string(),
  background_color: z.string(),
  theme_color: z.string(),
  icons: z.array(ZIcon),
});

/** The theme colour of the icons and the top bar (apps/web/public/favicon.svg). */
const THEME = '#4f46e5';

/** A home-screen label: the name when short, else its first word when that is, else the name cut. */
export function shortName(name: string): string {
  if (name.length <= 12) return name;
  const first = name.split(/\s+/)[0] ?? '';
  return first.length >= 3 && first.length <= 12 ? first : name.slice(0, 12).trim();
}

export const manifestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/public/app-manifest',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: "The installable web app's manifest: the organisation's name and the app's icons",
        response: { 200: ZManifest },
      },
    },
    async (_request, reply) => {
      const [org] = await app.db.select({ name: organisation.name }).from(organisation).orderBy(asc(organisation.id)).limit(1);
      const name = org?.name.trim() || 'HR and payroll';
      reply.header('content-type', 'application/manifest+json; charset=utf-8').header('cache-control', 'no-cache');
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
    },
  );
};
