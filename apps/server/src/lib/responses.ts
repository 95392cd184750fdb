import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { NotFound } from './errors';
import { type FileStorage, StorageNotFound } from './storage';

/**
 * Response schemas for the OpenAPI document of answers that are not JSON: a file, or no content. Fastify
 * does not serialise streams and buffers, so these only document what the route sends.
 */
export const fileResponse = (what: string) => z.any().describe(what);

/** 204: the change was made; nothing to return. */
export const noContent = z.null().describe('No content');

/**
 * Sends a stored file: its media type, never cached (the files are private), and with a name as a download under it
 * (an ASCII fallback and the UTF-8 name). 404 when the storage no longer holds the key.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  file: { mime: string; fileName?: string },
): Promise<FastifyReply> {
  const stream = await storage.get(key).catch((err) => {
    throw err instanceof StorageNotFound ? new NotFound('The stored file is missing') : err;
  });
  reply.header('content-type', file.mime).header('cache-control', 'private, no-store');
  if (file.fileName) {
    const name = file.fileName;
    reply.header(
      'content-disposition',
      `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
  }
  return reply.send(stream);
}
