import type { TResource, TResourceName } from '@hr/contract';
import { and, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { AuthContext } from '../access/context';

/** What a hook sees: the transaction, the caller, the resource and (on update and delete) the row's id. */
export interface HookContext {
  tx: Tx;
  auth: AuthContext;
  resource: TResource;
  /** Validated payload; beforeSave may change it (the engine writes what is left). */
  data: Record<string, unknown>;
  /** The row's id on update; undefined on create. */
  id?: number;
  /** The row as it was before an update (undefined on create). */
  before?: Record<string, unknown>;
}

/**
 * A domain's business rules on a master resource, run by the generic engine inside its transaction.
 * Throw AppErrors (lib/errors) to refuse; the transaction then changes nothing.
 */
export interface ResourceHooks {
  /** Before insert / update: check the payload, set table-only columns on `data`. */
  beforeSave?: (ctx: HookContext) => Promise<void> | void;
  /** After insert / update, with the row as saved (e.g. end sessions when a password changes). */
  afterSave?: (ctx: HookContext & { id: number; after: Record<string, unknown> }) => Promise<void> | void;
  /** Before delete, with the row as it is. */
  beforeDelete?: (ctx: Omit<HookContext, 'data'> & { id: number; before: Record<string, unknown> }) => Promise<void> | void;
  /**
   * The rows this caller may reach at all (a WHERE on the resource's table), beyond unit scoping: lists,
   * select options, reads, changes and deletes see only these; others answer 404. Undefined: no limit.
   */
  scope?: (auth: AuthContext) => SQL | undefined;
  /**
   * Before a mapping checklist is saved (PUT …/mapping/:ownerId), with the owner and the lines as validated (each
   * extra by its field's rule): cross-field and domain checks, a 400 naming `items.<n>.<extra>`.
   */
  beforeMappingSave?: (ctx: MappingHookContext) => Promise<void> | void;
}

/** What a mapping hook sees: the owner (a unit, a user) and the whole checklist to be saved. */
export interface MappingHookContext {
  tx: Tx;
  auth: AuthContext;
  resource: TResource;
  ownerId: number;
  items: ReadonlyArray<{ itemId: number } & Record<string, unknown>>;
}

const registry = new Map<string, ResourceHooks[]>();

/**
 * A domain registers its rules on a resource from its own module (e.g. modules/attendance/shift-rules.ts),
 * never in the masters engine. Several domains may register on one resource; they run in order.
 */
export function registerResourceHooks(name: TResourceName, hooks: ResourceHooks): void {
  registry.set(name, [...(registry.get(name) ?? []), hooks]);
}

/**
 * The registered hooks of a resource, composed into one. The list is read at each call, so a plan built before a
 * module's manifest registered its rules still runs them (no order to get wrong between plans and registration).
 */
export function hooksOf(name: string): Required<ResourceHooks> {
  const list = () => registry.get(name) ?? [];
  return {
    scope: (auth) => and(...list().map((h) => h.scope?.(auth))),
    async beforeSave(ctx) {
      for (const h of list()) await h.beforeSave?.(ctx);
    },
    async afterSave(ctx) {
      for (const h of list()) await h.afterSave?.(ctx);
    },
    async beforeDelete(ctx) {
      for (const h of list()) await h.beforeDelete?.(ctx);
    },
    async beforeMappingSave(ctx) {
      for (const h of list()) await h.beforeMappingSave?.(ctx);
    },
  };
}
