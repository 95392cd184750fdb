import type { TResource } from '@hr/contract';
import { RESOURCE_ROUTES, type TResourceRoute } from '@hr/contract/resources/routes';
import type { RouteObject } from 'react-router';

/**
 * Every master path of the spec, mounted under /outlet/master (src/routes.tsx): a list screen per resource
 * and, where the spec has one, its modify route. The table is built from RESOURCE_ROUTES, the registry's
 * zod-free route metadata, so the entry chunk carries neither zod nor the resource declarations; the full
 * resource (fields, schema) and its screen load inside the lazy route. salaryFormula is not a resource: its
 * screen (formulas with validation and preview) is mounted by the payroll area (screens/payroll/routes.tsx).
 */

/** The full declaration of a master resource (fields, schema), loaded with the screen that needs it. */
async function loadResource(name: string): Promise<TResource> {
  const { getResource } = await import('@hr/contract');
  const resource = getResource(name);
  if (!resource) throw new Error(`Unknown master resource '${name}'`);
  return resource;
}

function listRoute(r: TResourceRoute): RouteObject {
  return {
    path: r.path,
    lazy: async () => {
      const [resource, { ResourceListScreen }] = await Promise.all([
        loadResource(r.name),
        import('@/components/resource/ResourceListScreen'),
      ]);
      return { Component: () => <ResourceListScreen key={r.name} resource={resource} /> };
    },
  };
}

function modifyRoute(r: TResourceRoute): RouteObject[] {
  if (!r.modifyParam) return [];
  return [
    {
      path: `${r.path}/:${r.modifyParam}`,
      lazy: async () => {
        if (r.mapping) {
          const [resource, { MappingScreen }] = await Promise.all([loadResource(r.name), import('@/components/resource/MappingScreen')]);
          return { Component: () => <MappingScreen key={r.name} resource={resource} /> };
        }
        const [resource, { ResourceFormScreen }] = await Promise.all([
          loadResource(r.name),
          import('@/components/resource/ResourceFormScreen'),
        ]);
        return { Component: () => <ResourceFormScreen key={r.name} resource={resource} /> };
      },
    },
  ];
}

export const routes: RouteObject[] = [
  ...RESOURCE_ROUTES.flatMap((r) => [listRoute(r), ...modifyRoute(r)]),
  {
    path: 'configure/roleWiseMenuAccess',
    lazy: async () => ({ Component: (await import('./RoleWiseMenuAccessScreen')).default }),
  },
  {
    path: 'configure/auditTrail',
    lazy: async () => ({ Component: (await import('./AuditTrailScreen')).default }),
  },
  {
    path: 'configure/roleWiseMenuAccess/:roleId',
    lazy: async () => ({ Component: (await import('./RoleMenuAccessScreen')).default }),
  },
];
