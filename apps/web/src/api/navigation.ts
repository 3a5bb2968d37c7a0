/**
 * Lets the transport layer (session timeout, unavailable system) navigate without importing the
 * router, which would create an import cycle router -> pages -> api -> router.
 */
type Navigator = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigator = (to) => window.location.assign(to);

export function registerNavigator(next: Navigator): void {
  navigator = next;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator(to, options);
}
