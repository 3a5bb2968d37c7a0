import { REQUEST_HEADER, VERSION_HEADER } from "@caresuite/domain";
import { contextHeaders } from "./request-context";
import { httpFailure, noteServerVersion } from "./status";
import { handleSystemUnavailable } from "./system-unavailable";
import { BACKEND_PATH } from "@caresuite/domain";

/** spec §9: "Backend at same host under /backend". */
export const BACKEND_BASE = BACKEND_PATH;

/**
 * The GraphQL endpoint for one operation. Outside production the operation name goes into the
 * URL (spec §7) so the network panel and server logs show which operation a request is.
 */
export function queryUrl(operationName: string | null | undefined): string {
  const url = `${BACKEND_BASE}/query`;
  return import.meta.env.PROD || !operationName ? url : `${url}?op=${encodeURIComponent(operationName)}`;
}

export interface BackendFetchOptions {
  /**
   * Whether network/5xx failures open the global HTTP error popup. Screens that show such a
   * failure in place (the login form shows it under the username) turn it off.
   */
  reportFailures?: boolean;
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/**
 * The only way the client talks HTTP to the server: adds the system and language headers, the
 * cookie, the CSRF header on POST (the server rejects POSTs without it), and reads the
 * X-CS-Version and 424 signals every response carries.
 */
export async function backendFetch(input: RequestInfo | URL, init: RequestInit = {}, options: BackendFetchOptions = {}): Promise<Response> {
  const reportFailures = options.reportFailures ?? true;
  const headers = new Headers(init.headers);
  // A per-operation X-CS-System (spec: "or per-operation system_id override") wins.
  for (const [name, value] of Object.entries(contextHeaders())) {
    if (!headers.has(name)) headers.set(name, value);
  }
  if ((init.method ?? "GET").toUpperCase() === "POST") headers.set(REQUEST_HEADER, "1");

  let response: Response;
  try {
    response = await fetch(input, { ...init, headers, credentials: "include" });
  } catch (error) {
    if (reportFailures && !isAbortError(error)) httpFailure.set({ kind: "network" });
    throw error;
  }
  noteServerVersion(response.headers.get(VERSION_HEADER));
  if (response.status === 424) handleSystemUnavailable();
  else if (response.status >= 500 && reportFailures) {
    httpFailure.set({ kind: "server", status: response.status });
  }
  return response;
}
