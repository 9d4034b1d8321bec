// A multipart POST that reports how much of the body has gone (XMLHttpRequest: fetch has no
// upload progress), with the API client's bearer token and its one refresh on an expired
// token. Used where a person waits for a big file (the contacts spreadsheet import).
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import { ApiError, isErrorBody, NetworkError } from "./errors.ts";

export type UploadAnswer = { status: number; body: unknown };

/** One attempt: resolves with any HTTP answer, rejects with NetworkError when none came. */
export function postFormWithProgress(
  url: string,
  form: FormData,
  token: string | null,
  onProgress: (fraction: number) => void,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new NetworkError(new Error("upload failed")));
    xhr.onabort = () => reject(new NetworkError(new Error("upload aborted")));
    xhr.send(form);
  });
}

/**
 * Uploads with progress; an expired token (403 ERR_INVALID_TOKEN) is renewed once through
 * `renew` (the API client's refresh) and the upload tried again. Answers 2xx bodies; throws
 * ApiError for the rest, like the API client.
 */
export async function uploadWithProgress<T>(opts: {
  url: string;
  form: () => FormData;
  getToken: () => string | null;
  renew: () => Promise<unknown>;
  onProgress: (fraction: number) => void;
}): Promise<{ status: number; body: T }> {
  let answer = await postFormWithProgress(opts.url, opts.form(), opts.getToken(), opts.onProgress);
  if (answer.status === 403 && isErrorBody(answer.body) && answer.body.error === "ERR_INVALID_TOKEN") {
    await opts.renew();
    answer = await postFormWithProgress(opts.url, opts.form(), opts.getToken(), opts.onProgress);
  }
  if (answer.status < 200 || answer.status >= 300)
    throw new ApiError(answer.status, isErrorBody(answer.body) ? (answer.body as ErrorBody) : null);
  return { status: answer.status, body: answer.body as T };
}
