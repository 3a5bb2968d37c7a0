/**
 * ARCHITECTURE «Security rules»: "Stored secrets are sent only to the address they were saved with." A configurator
 * form whose password is left empty keeps the stored one; when the address (ip, port) changes, the
 * stored password would go to the new address, so it must be typed again (a changed
 * address with an empty password sent the stored password to any host).
 */

/** The field message when the password must be typed again (i18n key). */
export const PASSWORD_REENTRY_MESSAGE = "validation.password_reentry";

/** Whether the address differs from the one the stored password was saved with. */
export function controllerAddressChanged(stored: { ip: string; tcp_port: number }, next: { ip: string; tcp_port: number }): boolean {
  return next.ip.trim() !== stored.ip.trim() || next.tcp_port !== stored.tcp_port;
}

/**
 * Whether saving needs the password typed again: a password is stored, none was typed, and the
 * address changed. Without a stored password there is nothing to leak.
 */
export function needsPasswordReentry(
  stored: { ip: string; tcp_port: number; has_password: boolean },
  next: { ip: string; tcp_port: number; password: string },
): boolean {
  return stored.has_password && next.password === "" && controllerAddressChanged(stored, next);
}
