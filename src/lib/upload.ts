import { refreshTokens } from './api-client';
import { tokenStore } from './tokens';

/** A failed upload: `status` is undefined when no answer came at all. */
export class UploadError extends Error {
  constructor(
    readonly status: number | undefined,
    readonly data: unknown,
  ) {
    super(status === undefined ? 'no response' : `HTTP ${status}`);
  }
}

function send(url: string, form: FormData, onProgress?: (fraction: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = tokenStore.access();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data);
      else reject(new UploadError(xhr.status, data));
    };
    xhr.onerror = () => reject(new UploadError(undefined, null));
    xhr.onabort = () => reject(new UploadError(undefined, null));
    xhr.send(form);
  });
}

/**
 * POSTs a multipart form with upload progress (fetch has none), with the same session rule as
 * the API client: a 401 refreshes the tokens once and retries once.
 */
export async function uploadForm(
  url: string,
  buildForm: () => FormData,
  onProgress?: (fraction: number) => void,
): Promise<unknown> {
  try {
    return await send(url, buildForm(), onProgress);
  } catch (error) {
    if (!(error instanceof UploadError) || error.status !== 401 || !tokenStore.refresh()) throw error;
    await refreshTokens();
    return send(url, buildForm(), onProgress);
  }
}
