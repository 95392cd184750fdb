import { RESOURCES, type TResource } from '@hr/contract';
import type { RouteObject } from 'react-router';

/**
 * Every master path of the spec, mounted under /outlet/master (src/routes.tsx), generated from the resource
 * registry: a list screen per resource and, where the spec has one, its modify route. Screens load lazily.
 * salaryFormula is left to the payroll issue (unregistered → 404 until then).
 */
const all = RESOURCES as unknown as TResource[];

function listRoute(r: TResource): RouteObject {
  return {
    path: r.path,
    lazy: async () => {
      const { ResourceListScreen } = await import('@/components/resource/ResourceListScreen');
      return { Component: () => <ResourceListScreen key={r.name} resource={r} /> };
    },
  };
}

function modifyRoute(r: TResource): RouteObject[] {
  if (!r.modify) return [];
  return [
    {
      path: `${r.path}/:${r.modify.param}`,
      lazy: async () => {
        if (r.mapping) {
          const { MappingScreen } = await import('@/components/resource/MappingScreen');
          return { Component: () => <MappingScreen key={r.name} resource={r} /> };
        }
        const { ResourceFormScreen } = await import('@/components/resource/ResourceFormScreen');
        return { Component: () => <ResourceFormScreen key={r.name} resource={r} /> };
      },
    },
  ];
}

export const routes: RouteObject[] = [
  ...all.flatMap((r) => [listRoute(r), ...modifyRoute(r)]),
  {
    path: 'configure/roleWiseMenuAccess',
    lazy: async () => ({ Component: (await import('./RoleWiseMenuAccessScreen')).default }),
  },
  {
    path: 'configure/roleWiseMenuAccess/:roleId',
    lazy: async () => ({ Component: (await import('./RoleMenuAccessScreen')).default }),
  },
];
