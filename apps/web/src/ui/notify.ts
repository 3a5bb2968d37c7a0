import { createStore } from "../api/store";

/** spec: "Notifications: type none, success, error or warning". */
export type NotificationType = "none" | "success" | "error" | "warning";

export interface NotificationAction {
  label: string;
  onClick?: () => void;
}

export interface NotifyOptions {
  type?: NotificationType;
  title?: string;
  text?: string;
  /** Stays until dismissed (spec: "auto-dismisses unless persist is set"). */
  persist?: boolean;
  /** ms; spec default 5000. */
  duration?: number;
  actions?: { primary?: NotificationAction; dismiss?: NotificationAction };
}

/**
 * Becomes true with the first notification. The notification container and its rendering are
 * loaded only then: most visits of /login never show one, and the container (with its
 * transition and scroll-lock dependencies) would otherwise cost the login bundle about 10 KB.
 */
export const notificationsRequested = createStore(false);

let sequence = 0;

const loadView = (): Promise<typeof import("./notification-view")> => import("./notification-view");

/**
 * The one way screens raise notifications: the spec's notification model on top of Mantine's
 * store, so a later swap of the rendering does not touch callers. Returns the id for `dismiss`.
 */
export function notify(options: NotifyOptions): string {
  sequence += 1;
  const id = `cs-notification-${sequence}`;
  notificationsRequested.set(true);
  // Without the server (the moment a wall screen raises its first notification) the code may not
  // load: the notification is dropped, the page stays (the host tries to load again later).
  loadView().then(
    (view) => view.showNotification(id, options),
    () => undefined,
  );
  return id;
}

export function dismissNotification(id: string): void {
  loadView().then(
    (view) => view.hideNotification(id),
    () => undefined,
  );
}
