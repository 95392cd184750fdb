import { EMPTY_IMAGE } from '@hr/documents/images';

/**
 * Loads an image (the organisation logo) into a circular frame and returns it as a PNG data URL for
 * the documents. An image that fails to load becomes an empty image (spec section 8).
 */
export function loadCircularLogo(src: string, size = 240): Promise<string> {
  return new Promise((resolve) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => {
      try {
        const canvas = document.createElement('canvas');
        canvas.width = size;
        canvas.height = size;
        const ctx = canvas.getContext('2d');
        if (!ctx) return resolve(EMPTY_IMAGE);
        ctx.beginPath();
        ctx.arc(size / 2, size / 2, size / 2, 0, Math.PI * 2);
        ctx.clip();
        const scale = Math.max(size / img.naturalWidth, size / img.naturalHeight);
        const w = img.naturalWidth * scale;
        const h = img.naturalHeight * scale;
        ctx.drawImage(img, (size - w) / 2, (size - h) / 2, w, h);
        resolve(canvas.toDataURL('image/png'));
      } catch {
        resolve(EMPTY_IMAGE); // e.g. a tainted canvas
      }
    };
    img.onerror = () => resolve(EMPTY_IMAGE);
    img.src = src;
  });
}
