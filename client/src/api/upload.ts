import { readSession } from './session';
import { requestStepUp } from './step-up';
import { API_BASE, endSession } from './trpc';
import { SESSION_ENDED } from './download';

/** A file sent to a REST path that did not go through; its message is for the page to show. */
export class UploadError extends Error {}

export interface UploadProgress {
  /** 'sending' while the body goes up (with the fraction sent), then 'checking' until the answer comes. */
  phase: 'sending' | 'checking';
  fraction: number | null;
}

interface Answer {
  status: number;
  body: unknown;
}

function send(method: 'POST' | 'PUT', path: string, payload: string, onProgress: (p: UploadProgress) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${API_BASE}${path}`);
    xhr.setRequestHeader('content-type', 'application/json');
    const token = readSession()?.token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) =>
      onProgress({ phase: 'sending', fraction: e.lengthComputable && e.total > 0 ? e.loaded / e.total : null });
    xhr.upload.onload = () => onProgress({ phase: 'checking', fraction: null });
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new UploadError('The server could not be reached.'));
    xhr.send(payload);
  });
}

const field = (body: unknown, name: string): unknown =>
  body && typeof body === 'object' && name in body ? (body as Record<string, unknown>)[name] : undefined;

/**
 * Sends a JSON body with a file in it (the import paths, docs/imports.md; a document's file,
 * docs/decisions/0020) by XMLHttpRequest, so the
 * page can show how much is sent; a 401 ends the session as every call does, and a refusal asking
 * for a recent second factor opens the step-up dialog and sends it again once (docs/decisions/0016).
 */
export async function postFile<T>(
  path: string,
  body: object,
  onProgress: (p: UploadProgress) => void = () => {},
  method: 'POST' | 'PUT' = 'POST',
): Promise<T> {
  const payload = JSON.stringify(body);
  let answer = await send(method, path, payload, onProgress);
  if (answer.status === 403 && field(answer.body, 'stepUp') === true) {
    try {
      await requestStepUp();
    } catch {
      const error = field(answer.body, 'error');
      throw new UploadError(typeof error === 'string' ? error : 'A second factor is needed.');
    }
    answer = await send(method, path, payload, onProgress);
  }
  if (answer.status === 401) {
    endSession();
    throw new UploadError(SESSION_ENDED);
  }
  if (answer.status < 200 || answer.status >= 300) {
    const error = field(answer.body, 'error');
    throw new UploadError(typeof error === 'string' && error.trim() !== '' ? error : `The server answered ${answer.status}.`);
  }
  return answer.body as T;
}
