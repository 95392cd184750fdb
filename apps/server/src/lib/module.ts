// An area of the server declared as one manifest (defineModule), listed in dependency order in modules/index.ts.
// Nothing registers itself by being imported: buildApp installs the list (setup, then routes) and the jobs runner
// takes its jobs and schedules from it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnyJob, Schedule } from '../jobs/runner';

export interface AreaModule {
  /** The module folder's name. */
  name: string;
  /**
   * Declarations this area adds to the shared registries (its rules on master resources, its approval kinds, its
   * reports, what uses an employee record…): run once per process, in the list's order, before any route is built.
   */
  setup?: () => void;
  /** The area's route plugins, registered in this order. */
  routes?: FastifyPluginAsyncZod[];
  /** The area's jobs (`defineJob`): the runner runs these and no others; a job name is taken once in the whole list. */
  jobs?: AnyJob[];
  /** Scheduled work: a job of `jobs` the runner enqueues (at most one pending) every `everyMs`. */
  schedules?: Schedule[];
}

export function defineModule(module: AreaModule): AreaModule {
  return module;
}
