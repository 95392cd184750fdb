import { getResource, type TResource } from '@hr/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { api } from '../helpers';

type Api = ReturnType<typeof api>;

let seq = 0;
/** A token that makes sample text unique within a run (digits included for numeric samples). */
export const uniq = () => `${++seq}${Math.floor(Math.random() * 90000 + 10000)}`;

/**
 * A valid payload for `r` from its declaration: field samples, and for each required reference a
 * freshly created referenced record (so composite unique keys never clash).
 */
export async function samplePayload(a: Api, r: TResource, overrides: Record<string, unknown> = {}) {
  const payload: Record<string, unknown> = { ...r.sample(uniq()), ...overrides };
  for (const [field, def] of Object.entries(r.fields)) {
    if (field in overrides) continue;
    if (def.kind === 'select' && def.reference && def.required) {
      const ref = getResource(def.reference);
      if (!ref) throw new Error(`unknown reference ${def.reference}`);
      payload[field] = (await createSample(a, ref)).id;
    }
  }
  return payload;
}

export async function createSample(a: Api, r: TResource, overrides: Record<string, unknown> = {}) {
  const payload = await samplePayload(a, r, overrides);
  const res = await a.post(`/api/resources/${r.name}`, payload);
  if (res.statusCode !== 201) throw new Error(`create ${r.name}: ${res.statusCode} ${res.body}`);
  return { row: res.json() as Record<string, unknown> & { id: number }, payload, id: res.json().id as number };
}

export function expectStatus(res: LightMyRequestResponse, status: number) {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
}
