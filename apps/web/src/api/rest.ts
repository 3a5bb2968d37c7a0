import type { AuthUser } from "@caresuite/domain";
import { BACKEND_BASE, backendFetch } from "./backend-fetch";

export class HttpStatusError extends Error {
  readonly status: number;

  constructor(status: number) {
    super(`HTTP ${status}`);
    this.status = status;
    this.name = "HttpStatusError";
  }
}

async function postJson<T>(path: string, body: unknown, reportFailures: boolean): Promise<T> {
  const response = await backendFetch(
    `${BACKEND_BASE}${path}`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body ?? {}),
    },
    { reportFailures },
  );
  if (!response.ok) throw new HttpStatusError(response.status);
  return (await response.json()) as T;
}

export type LoginErrorField = "username" | "password" | null;

export interface LoginError {
  field: LoginErrorField;
  code: string;
  /** Already translated by the server; used only when we have no key for `code`. */
  message: string;
}

export interface LoginResponse {
  ok: boolean;
  user: AuthUser | null;
  require_password_change: boolean;
  errors: LoginError[];
}

/** POST /backend/login. Failures are shown under the username field, not in the popup. */
export function postLogin(username: string, password: string): Promise<LoginResponse> {
  return postJson<LoginResponse>("/login", { username, password }, false);
}

export interface LogoutResponse {
  ok: boolean;
}

export function postLogout(): Promise<LogoutResponse> {
  return postJson<LogoutResponse>("/logout", {}, true);
}
