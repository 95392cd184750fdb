// The floor under every request's text: whatever a route's schema says of a field, no string of a JSON body, a
// query or a path holds a control character other than tab, CR and LF (NUL, the other C0 controls, DEL, the C1
// range, U+2028 / U+2029). One-line fields are stricter still in their schemas (packages/contract text.ts: `zLine`
// refuses tab, CR and LF too); this catches a free-text field whose schema was built without them.
import { TEXT_CONTROL_CHARS, TEXT_CONTROL_MESSAGE } from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import { BadRequest } from './errors';

/** The first field (dotted path) of a value whose text holds a refused control character, or null. */
export function controlCharField(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return TEXT_CONTROL_CHARS.test(value) ? path || '_' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharField(value[i], path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [k, v] of Object.entries(value)) {
      const found = controlCharField(v, path ? `${path}.${k}` : k);
      if (found) return found;
    }
  }
  return null;
}

/**
 * After each route's validation: a JSON body (an object or array; a device's plain-text upload is its own protocol),
 * the query and the path parameters. 400 naming the field, before the handler runs, so nothing changes.
 */
export function registerControlCharGuard(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    const body = request.body;
    const field =
      controlCharField(request.params) ??
      controlCharField(request.query) ??
      (body && typeof body === 'object' && !Buffer.isBuffer(body) ? controlCharField(body) : null);
    if (field) throw new BadRequest('Please correct the highlighted fields', { [field]: [TEXT_CONTROL_MESSAGE] });
  });
}
