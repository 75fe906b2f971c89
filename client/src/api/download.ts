import { readSession } from './session';
import { API_BASE, endSession } from './trpc';

/** A download that did not arrive; its message is for the page to show. */
export class DownloadError extends Error {}

export const SESSION_ENDED = 'Your session has ended. Please log in again.';

/** The `{ "error": "…" }` of a REST answer, when it has one. */
async function serverError(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    const error = body && typeof body === 'object' && 'error' in body ? body.error : null;
    return typeof error === 'string' && error.trim() !== '' ? error : null;
  } catch {
    return null;
  }
}

/**
 * Fetches a file of the REST API (such as /api/export/transactions.csv) with the session's bearer
 * token, and hands it to the browser to save under `fileName`. A 401 ends the session, as every
 * other call does (docs/product.md §4); any other failure throws a DownloadError.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const token = readSession()?.token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new DownloadError('The server could not be reached.');
  }
  if (response.status === 401) {
    endSession();
    throw new DownloadError(SESSION_ENDED);
  }
  if (!response.ok) throw new DownloadError((await serverError(response)) ?? `The server answered ${response.status}.`);

  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The browser reads the file after this task; the URL is let go once it surely has.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
