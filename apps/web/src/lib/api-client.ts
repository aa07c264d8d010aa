import type { EndpointData, EndpointDef, EndpointInput, Envelope, ValidationErrorBody } from '@tribes/shared';
// Only the URL helpers at run time: the package's entry would bring zod and every schema into the first page.
import { endpointPath, endpointQuery } from '@tribes/shared/contract/paths';
import type { NoticeColor } from '../components/snackbar/notice-store';

/** The catalogue's fixed texts, looked up in the reader's language. */
export type CatalogueKey =
  | 'api.unknown_error'
  | 'api.validation_failed'
  | 'api.unauthorized'
  | 'api.forbidden'
  | 'api.not_found'
  | 'api.server_error'
  | 'api.unexpected'
  | 'api.no_connection';

/** A field errors handler: places { field: [message] } on a form; false when some field has no place. */
export type FieldErrorsHandler = (errors: Record<string, string[]>) => boolean;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body. */
  body?: unknown;
  /** A multipart body; the browser sets its content type with the boundary. */
  form?: FormData;
  /** Show a success answer's message as a notice (default: every call but GET). */
  notifySuccess?: boolean;
  /** Receives 400 field errors (specification section 5). */
  onFieldErrors?: FieldErrorsHandler;
  /** Extra headers of this call (e.g. the Idempotency-Key of a money POST). */
  headers?: Record<string, string>;
  /** Failure statuses the page shows itself where they belong (no notice), e.g. [409]. */
  quietStatuses?: number[];
  /** No notice and no loading bar, success or failure: background work (the outbox, saving lessons) reports in its own way. */
  silent?: boolean;
  /** No "no connection" notice when no answer comes: the caller keeps the write for later (the outbox) and says so. */
  quietNoConnection?: boolean;
  signal?: AbortSignal;
  /** Set on the one retry after a "Confirm it's you" prompt, so a second refusal is not asked again. */
  afterReauth?: boolean;
}

/** A failed call, after its notice has been shown. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly body: unknown = null,
    readonly fieldErrors: Record<string, string[]> | null = null,
  ) {
    super(message);
  }

  /** The envelope's machine-readable `error_type` (e.g. `campaign_closed` on a 409), when the server sent one. */
  get errorType(): string | null {
    const body = this.body;
    return isRecord(body) && typeof body.error_type === 'string' ? body.error_type : null;
  }
}

export interface ApiClientDeps {
  baseUrl: string;
  getToken(): string | null;
  getLocale(): string;
  t(key: CatalogueKey): string;
  notify(message: string, color: NoticeColor): void;
  /** Forced logout after a 401 on a signed-in call. */
  onUnauthorized(): void;
  /**
   * A sensitive act answered 403 reauthentication_required (DESIGN 11.7): asks the user to confirm
   * it is them; true once the session is fresh again (the act is then sent once more), false when dismissed.
   */
  onReauthRequired?(): Promise<boolean>;
  /** Marks loading for the page-loading bar; returns its end. */
  startLoading?(): (failed?: boolean) => void;
  /** Headers other features add to every request (X-Socket-Id of the realtime connection). */
  extraHeaders?(): Record<string, string>;
  fetch?: typeof fetch;
}

/** Options of a contract call: the method, path and body come from the endpoint and its input. */
export type CallOptions = Omit<RequestOptions, 'method' | 'body' | 'form'>;

/** The input argument is optional when an endpoint takes no params, query or body. */
type CallArgs<E extends EndpointDef> =
  Record<string, never> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<Envelope<T> & { data: T }>;
  /** Calls a contract endpoint (packages/shared/src/contract): its answer's data typed by the contract. */
  call<E extends EndpointDef>(endpoint: E, ...args: CallArgs<E>): Promise<Envelope<EndpointData<E>> & { data: EndpointData<E> }>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function messageOf(body: unknown): string {
  return isRecord(body) && typeof body.message === 'string' ? body.message.trim() : '';
}

function validationErrors(body: unknown): Record<string, string[]> | null {
  if (!isRecord(body) || body.error_type !== 'validation_error' || !isRecord(body.errors)) return null;
  const out: Record<string, string[]> = {};
  for (const [field, list] of Object.entries((body as unknown as ValidationErrorBody).errors)) {
    if (Array.isArray(list)) out[field] = list.filter((m): m is string => typeof m === 'string');
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** The one client of the product API: applies the error catalogue of specification section 8. */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const doFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function request<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T> & { data: T }> {
    const method = options.method ?? 'GET';
    const notify: ApiClientDeps['notify'] = options.silent ? () => undefined : deps.notify;
    const token = deps.getToken();
    const headers: Record<string, string> = {
      ...deps.extraHeaders?.(),
      ...options.headers,
      Accept: 'application/json',
      'Accept-Language': deps.getLocale(),
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    // A silent call runs in the background: no page-loading bar either.
    const end = (options.silent ? undefined : deps.startLoading?.()) ?? (() => undefined);

    let response: Response;
    try {
      response = await doFetch(`${deps.baseUrl}${path}`, { method, headers, body, signal: options.signal });
    } catch (err) {
      end(true);
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      // No response at all: the browser's own message ("Failed to fetch") says nothing to a reader.
      const message = deps.t('api.no_connection');
      if (!options.quietNoConnection) notify(message, 'error');
      throw new ApiError(message, null);
    }

    const text = await response.text().catch(() => '');
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    const serverMessage = messageOf(parsed);

    if (response.ok) {
      const status = isRecord(parsed) ? parsed.status : undefined;
      if (status === 'success' || status === 'warning') {
        end(false);
        if (status === 'warning') notify(serverMessage, 'warning');
        else if ((options.notifySuccess ?? method !== 'GET') && serverMessage) notify(serverMessage, 'success');
        return parsed as Envelope<T> & { data: T };
      }
      end(true);
      const message = serverMessage || deps.t('api.unknown_error');
      notify(message, 'error');
      throw new ApiError(message, response.status, parsed);
    }

    end(true);
    switch (response.status) {
      case 400: {
        const errors = validationErrors(parsed);
        const placed = errors && options.onFieldErrors ? options.onFieldErrors(errors) : false;
        const message = serverMessage || deps.t('api.validation_failed');
        if (!placed) notify(message, 'error');
        throw new ApiError(message, 400, parsed, errors);
      }
      case 401: {
        const message = deps.t('api.unauthorized');
        notify(message, 'error');
        if (token) deps.onUnauthorized();
        throw new ApiError(message, 401, parsed);
      }
      case 403:
        if (isRecord(parsed) && parsed.error_type === 'reauthentication_required' && deps.onReauthRequired) {
          if (!options.afterReauth && (await deps.onReauthRequired())) {
            return request<T>(path, { ...options, afterReauth: true });
          }
          // Dismissed: the user chose not to go on; nothing more to tell them.
          throw new ApiError(serverMessage || deps.t('api.forbidden'), 403, parsed);
        }
        return fail(deps.t('api.forbidden'));
      case 404:
        return fail(serverMessage || deps.t('api.not_found'));
      case 500:
        return fail(deps.t('api.server_error'));
      default:
        return fail(serverMessage || deps.t('api.unexpected'));
    }

    function fail(message: string): never {
      if (!options.quietStatuses?.includes(response.status)) notify(message, 'error');
      throw new ApiError(message, response.status, parsed);
    }
  }

  function call<E extends EndpointDef>(endpoint: E, ...args: CallArgs<E>) {
    const [input, options] = args as [EndpointInput<E> | undefined, CallOptions | undefined];
    const i = (input ?? {}) as {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
      form?: FormData;
    };
    return request<EndpointData<E>>(endpointPath(endpoint.path, i.params) + endpointQuery(i.query), {
      ...options,
      method: endpoint.method,
      body: i.body,
      form: i.form,
    });
  }

  return { request, call };
}
