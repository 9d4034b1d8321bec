// The HTTP client for core's API: bearer token, one refresh-and-retry when the
// access token expired (403 ERR_INVALID_TOKEN, and only that: a refusal is no reason to refresh),
// and the end of the session on 401 (spec 1 §4 Session).
import { ApiError, isErrorBody, NetworkError } from "./errors.ts";

export type ApiClientOptions = {
  /** Origin of core; the PWA is served by core, so in the browser this is location.origin. */
  baseUrl: string;
  getToken: () => string | null;
  /** Gets a fresh access token (POST /auth/refresh_token); null when the session cannot be renewed. */
  refreshToken: () => Promise<string | null>;
  /** Called when the server says the session is over (401). */
  onSessionExpired: () => void;
};

export type ApiClient = {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string): Promise<T>;
  /** A multipart form (files): the browser writes its Content-Type with the boundary. */
  postForm<T>(path: string, form: FormData): Promise<T>;
};

/** fetch that turns "no answer" into NetworkError and non-2xx answers into ApiError. */
export async function fetchJson<T>(url: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: "include", ...init });
  } catch (err) {
    throw new NetworkError(err);
  }
  const text = await res.text().catch(() => "");
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) throw new ApiError(res.status, isErrorBody(data) ? data : null);
  return data as T;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  // One refresh at a time: several calls failing with an expired token together share it.
  let refreshing: Promise<string | null> | null = null;
  const refreshOnce = () => {
    refreshing ??= options.refreshToken().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  async function request<T>(method: string, path: string, body: unknown, retried: boolean): Promise<T> {
    const token = options.getToken();
    const headers: Record<string, string> = { Accept: "application/json" };
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers["Content-Type"] = "application/json";
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await fetchJson<T>(`${options.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.status === 401) {
        options.onSessionExpired();
        throw err;
      }
      if (err.body?.error === "ERR_INVALID_TOKEN" && !retried) {
        const fresh = await refreshOnce().catch(() => null);
        if (fresh) return request<T>(method, path, body, true);
      }
      throw err;
    }
  }

  return {
    get: (path) => request("GET", path, undefined, false),
    post: (path, body) => request("POST", path, body ?? {}, false),
    put: (path, body) => request("PUT", path, body ?? {}, false),
    delete: (path) => request("DELETE", path, undefined, false),
    postForm: (path, form) => request("POST", path, form, false),
  };
}
