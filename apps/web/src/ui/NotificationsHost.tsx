import { Suspense, lazy, type ReactNode } from "react";
import { useStore } from "../api/store";
import { notificationsRequested } from "./notify";

const LazyNotifications = lazy(async () => ({ default: (await import("./notification-view")).Notifications }));

/** Mounts Mantine's notification container once the first notification is raised. */
export function NotificationsHost(): ReactNode {
  const requested = useStore(notificationsRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      {/* spec: "The first active one shows at bottom right". */}
      <LazyNotifications position="bottom-right" limit={1} />
    </Suspense>
  );
}
