import { contextHeaders } from "./request-context";
import { httpFailure, noteServerVersion } from "./status";
import { handleSystemUnavailable } from "./system-unavailable";

/** spec §9: "Backend at same host under /backend". */
export const BACKEND_BASE = "/backend";

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
export async function backendFetch(
  input: RequestInfo | URL,
  init: RequestInit = {},
  options: BackendFetchOptions = {},
): Promise<Response> {
  const reportFailures = options.reportFailures ?? true;
  const headers = new Headers(init.headers);
  // A per-operation X-CS-System (spec: "or per-operation system_id override") wins.
  for (const [name, value] of Object.entries(contextHeaders())) {
    if (!headers.has(name)) headers.set(name, value);
  }
  if ((init.method ?? "GET").toUpperCase() === "POST") headers.set("X-CS-Request", "1");

  let response: Response;
  try {
    response = await fetch(input, { ...init, headers, credentials: "include" });
  } catch (error) {
    if (reportFailures && !isAbortError(error)) httpFailure.set({ kind: "network" });
    throw error;
  }
  noteServerVersion(response.headers.get("X-CS-Version"));
  if (response.status === 424) handleSystemUnavailable();
  else if (response.status >= 500 && reportFailures) {
    httpFailure.set({ kind: "server", status: response.status });
  }
  return response;
}
