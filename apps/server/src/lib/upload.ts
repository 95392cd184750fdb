import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, BadRequest, PayloadTooLarge } from './errors';

export interface Upload {
  buffer: Buffer;
  /** Sniffed from the content, never taken from the client. */
  mime: string;
  ext: string;
  /** The client's name cleaned to a display name (no path, no control or shell characters). */
  fileName: string;
}

const KIND_LABEL: Record<string, string> = { pdf: 'PDF', jpg: 'JPEG', png: 'PNG' };
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;

/** A display name from whatever the client sent: last path segment, safe characters, our extension. */
export function cleanFileName(raw: string | undefined, ext: string, fallback: string): string {
  const last = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const stem = last
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/^[.\s_-]+/, '')
    .trim()
    .slice(0, 80);
  return `${stem || fallback}.${ext}`;
}

/**
 * The one file of a multipart request as a buffer, refusing more than `maxBytes` (413 naming `what`)
 * and a request that is not multipart or holds no file (400).
 */
export async function readMultipartFile(
  request: FastifyRequest,
  maxBytes: number,
  what?: string,
): Promise<{ buffer: Buffer; filename: string | undefined; mimetype: string }> {
  if (!request.isMultipart()) throw new BadRequest('Send the file as multipart/form-data');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  let buffer: Buffer;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!part) throw new BadRequest('No file was sent');
    buffer = await part.toBuffer();
  } catch (err) {
    throw mapMultipartError(err, maxBytes, what);
  }
  if (part.file.truncated) throw tooLarge(maxBytes, what);
  if (buffer.length === 0) throw new BadRequest('The file is empty');
  return { buffer, filename: part.filename, mimetype: part.mimetype };
}

/**
 * Reads the one file of a multipart request, refusing more than `maxBytes` (413) and any content
 * that is not one of `allowed` ('pdf' | 'jpg' | 'png'), whatever its name or declared type says (400).
 */
export async function readUpload(
  request: FastifyRequest,
  opts: { maxBytes: number; allowed: readonly string[]; fallbackName: string; what?: string },
): Promise<Upload> {
  const { buffer, filename } = await readMultipartFile(request, opts.maxBytes, opts.what);
  const type = await fileTypeFromBuffer(buffer);
  const allowedLabels = opts.allowed.map((a) => KIND_LABEL[a] ?? a.toUpperCase()).join(', ');
  if (!type || !opts.allowed.includes(type.ext)) {
    const seen = type ? ` (its content is ${type.mime})` : '';
    throw new BadRequest(`This file is not an allowed type${seen}. Allowed: ${allowedLabels}.`, { file: [`Allowed: ${allowedLabels}`] });
  }
  return { buffer, mime: type.mime, ext: type.ext, fileName: cleanFileName(filename, type.ext, opts.fallbackName) };
}

function tooLarge(maxBytes: number, what?: string) {
  return new PayloadTooLarge(
    `The file is larger than the ${mb(maxBytes)} allowed${what ? ` for ${what}` : ''}. Please upload a smaller file.`,
  );
}

function mapMultipartError(err: unknown, maxBytes: number, what?: string): Error {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes, what);
  if (code === 'FST_FILES_LIMIT') return new BadRequest('Send one file at a time');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_NO_FORM_DATA')
    return new BadRequest('Send the file as multipart/form-data');
  if (err instanceof AppError) return err;
  // Anything else while reading the body is the body's fault: no boundary, a part cut off, bad headers.
  return new BadRequest('The upload could not be read: the multipart body is malformed or incomplete');
}
