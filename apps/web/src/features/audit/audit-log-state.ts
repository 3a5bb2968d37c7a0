import { createStore } from "../../api/store";

/**
 * spec: the audit log modal is "opened via an app-level visibility flag; stack entry named
 * auditlog": not a route, so it opens over whatever screen is shown and closing returns to it.
 */
export const auditLogOpen = createStore(false);

export function openAuditLog(): void {
  auditLogOpen.set(true);
}

export function closeAuditLog(): void {
  auditLogOpen.set(false);
}
