import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { DEFAULT_LOGO_PNG, DEFAULT_WATERMARK_PNG } from './assets/default-images';

/** A 1×1 transparent PNG: what a logo or watermark becomes when it cannot be loaded (spec section 8). */
export const EMPTY_IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export { DEFAULT_LOGO_PNG, DEFAULT_WATERMARK_PNG };

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

function base64Head(b64: string, bytes: number): Uint8Array {
  const chars = b64.slice(0, Math.ceil(bytes / 3) * 4);
  const bin = atob(chars);
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/**
 * The image as pdfmake can embed it (a PNG or JPEG data URL), or EMPTY_IMAGE when it is missing or
 * is anything else (an SVG, a URL, a truncated or mistyped data URL). Cheap: only the header is read.
 */
export function usableImage(dataUrl: string | null | undefined): string {
  if (!dataUrl) return EMPTY_IMAGE;
  const m = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/i.exec(dataUrl);
  if (!m || m[2].length < 16) return EMPTY_IMAGE;
  try {
    const head = base64Head(m[2].replace(/\s/g, ''), 8);
    return startsWith(head, PNG_MAGIC) || startsWith(head, JPEG_MAGIC) ? dataUrl : EMPTY_IMAGE;
  } catch {
    return EMPTY_IMAGE;
  }
}

/** A deep copy of plain objects and arrays (functions such as header or background are shared): pdfmake writes into the definition it lays out. */
export function cloneDefinition<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneDefinition) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = cloneDefinition(v);
    return out as T;
  }
  return value;
}

/** The same definition with every image of its images dictionary replaced by the empty image. */
export function withEmptyImages(doc: TDocumentDefinitions): TDocumentDefinitions {
  return { ...doc, images: Object.fromEntries(Object.keys(doc.images ?? {}).map((k) => [k, EMPTY_IMAGE])) };
}

/** pdfmake's message when an image of the definition cannot be opened. */
export const isImageError = (error: unknown): boolean => error instanceof Error && /^Invalid image/.test(error.message);
