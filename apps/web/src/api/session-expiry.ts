/**
 * spec §8: "MISSING_AUTH: session timed out; logged; go to login unless on login or display."
 * Returns where to go, or null to stay. The redirect query holds the full path to return to.
 */
export function sessionExpiredRedirect(location: { pathname: string; search: string; hash?: string }): string | null {
  const { pathname } = location;
  if (pathname === "/login" || pathname.startsWith("/login/")) return null;
  if (pathname === "/display" || pathname.startsWith("/display/")) return null;
  const back = `${pathname}${location.search}${location.hash ?? ""}`;
  return `/login?redirect=${encodeURIComponent(back)}`;
}

/**
 * Only same-origin paths are accepted as a post-login target, so a crafted link cannot send
 * a freshly logged-in user to another site.
 */
export function safeRedirectTarget(value: string | null): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return null;
  }
  return value;
}
