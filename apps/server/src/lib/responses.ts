import { z } from 'zod';

/**
 * Response schemas for the OpenAPI document of answers that are not JSON: a file, or no content. Fastify
 * does not serialise streams and buffers, so these only document what the route sends.
 */
export const fileResponse = (what: string) => z.any().describe(what);

/** 204: the change was made; nothing to return. */
export const noContent = z.null().describe('No content');
