// A file the API answers to a signed-in GET (the contacts export, the audit log's CSV): fetched with the session's
// token (one refresh when it expired), then handed to the browser's downloads.
import { ApiError, isErrorBody, NetworkError } from "./errors.ts";

export type DownloadDeps = {
  baseUrl: string;
  getToken: () => string | null;
  /** Renews the access token (the API client's refresh, e.g. by asking GET /auth/me). */
  renew: () => Promise<unknown>;
};

/** The file at `path` (with its query string), as the signed-in user may read it. */
export async function fetchFile(deps: DownloadDeps, path: string): Promise<Blob> {
  const attempt = async () => {
    const token = deps.getToken();
    try {
      return await fetch(`${deps.baseUrl}${path}`, {
        credentials: "include",
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
    } catch (err) {
      throw new NetworkError(err);
    }
  };
  let res = await attempt();
  if (res.status === 403) {
    const body: unknown = await res
      .clone()
      .json()
      .catch(() => null);
    if (isErrorBody(body) && body.error === "ERR_INVALID_TOKEN") {
      await deps.renew();
      res = await attempt();
    }
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw new ApiError(res.status, isErrorBody(body) ? body : null);
  }
  return res.blob();
}

/** Hands a file to the browser's downloads. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
