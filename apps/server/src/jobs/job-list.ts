// The jobs a runner runs (createJobRunner's `jobs`: buildApp passes every manifest's, modules/index.ts JOBS), checked
// when the runner is built.
import type { AnyJob, JobDefinition, Schedule } from './runner';

/** The runner's jobs by name: a name taken twice, or a schedule of a job not in the list, is an error. */
export function jobsByName(list: readonly AnyJob[], schedules: readonly Schedule[]): ReadonlyMap<string, JobDefinition<unknown>> {
  const byName = new Map<string, JobDefinition<unknown>>();
  for (const def of list) {
    const known = byName.get(def.name);
    if (known && known !== def) throw new Error(`Job '${def.name}' is declared twice (two jobs of one name)`);
    byName.set(def.name, def);
  }
  for (const s of schedules)
    if (byName.get(s.job.name) !== s.job)
      throw new Error(`Job '${s.job.name}' is scheduled but not in the runner's jobs (a manifest's jobs)`);
  return byName;
}

/** Why a job whose name no manifest declares fails, once it has waited a week for a runner that runs it (failUndeclaredJobs). */
export const unknownJobError = (name: string) => `No module declares the job '${name}' (a manifest's jobs); it cannot run`;
