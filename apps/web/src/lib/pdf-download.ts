import { API_BASE } from '../app/config';
import { i18n, localeStore } from '../app/i18n';
import { startLoading } from '../components/loading-bar/loading-store';
import { notify } from '../components/snackbar/notice-store';

/**
 * A PDF (or another file: an event's .ics) of the API behind the bearer token (a certificate, a receipt, a statement), fetched here (a
 * plain link cannot carry the header) and handed to the browser as a file download. The server's
 * name for the file wins over `fileName`. False (with a notice) when it could not be had.
 */
export async function downloadPdf(
  path: string,
  fileName: string,
  token: string | null,
  accept = 'application/pdf',
): Promise<boolean> {
  const end = startLoading();
  let response: Response;
  try {
    // Not the JSON envelope (the contract's `produces`), so not through api.call.
    response = await fetch(API_BASE + path, {
      headers: {
        Accept: accept,
        'Accept-Language': localeStore.get(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
  } catch {
    end(true);
    notify(i18n.t('api.no_connection'), 'error');
    return false;
  }
  if (!response.ok) {
    end(true);
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    notify(typeof body?.message === 'string' && body.message ? body.message : i18n.t('api.unexpected'), 'error');
    return false;
  }
  const blob = await response.blob();
  end(false);
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = named ?? fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the file by the next task; the URL is no longer needed after that.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
