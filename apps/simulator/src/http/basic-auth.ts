import { timingSafeEqual } from "node:crypto";

/** Compares in constant time, so the answer's timing does not leak how much of a secret matched. */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether an Authorization header carries these basic-auth credentials. */
export function hasBasicAuth(header: string | undefined, user: string, password: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!match?.[1]) return false;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return false;
  // Both compared always: no early exit that tells a right user from a wrong one.
  const userOk = sameText(decoded.slice(0, colon), user);
  const passwordOk = sameText(decoded.slice(colon + 1), password);
  return userOk && passwordOk;
}
