// Files through the authorised API: a download saved under a name, an upload with progress, an image shown from
// an authorised URL. Used by every area (employee documents, proofs, leave imports, reports, payroll files).
import { useEffect, useState } from 'react';
import { ApiError, api, type QueryValue } from './api';
import { getToken } from './session';
import { errorToast } from './toast-store';

/** Saves a blob under a file name (the browser's download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** GET of a file through the authorised API, saved under `fileName`. */
export async function downloadFile(url: string, fileName: string, query?: Record<string, QueryValue>): Promise<void> {
  const blob = await api.get<Blob>(url, query, { responseType: 'blob' });
  saveBlob(blob, fileName);
}

/**
 * Multipart upload with progress (XMLHttpRequest: fetch cannot report upload progress). Resolves with the
 * parsed JSON body (null when empty); on an error shows the 'ERR!!' toast and rejects with an ApiError.
 */
export function uploadFile<T = unknown>(url: string, file: File, onProgress?: (fraction: number) => void): Promise<T | null> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const message = (body as { message?: string } | null)?.message ?? `Upload failed (${xhr.status})`;
      errorToast(message);
      reject(new ApiError(xhr.status, message, body as never));
    };
    xhr.onerror = () => {
      const message = 'Could not reach the server. Check your connection and try again.';
      errorToast(message);
      reject(new ApiError(0, message));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** An authorised image (e.g. the employee photo) as an object URL; null while loading or when absent. */
export function useAuthorisedImage(url: string | null, version?: string | number): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url) {
      setSrc(null);
      return;
    }
    let revoked = false;
    let objectUrl: string | null = null;
    api
      .get<Blob>(url, version ? { v: version } : undefined, { responseType: 'blob', silent: true, bypass_log: true })
      .then((blob) => {
        if (revoked) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => setSrc(null));
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, version]);
  return src;
}
