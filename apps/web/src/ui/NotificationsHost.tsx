import { Component, Suspense, lazy, useEffect, useMemo, useState, type ReactNode } from "react";
import { useStore } from "../api/store";
import { notificationsRequested } from "./notify";

/** How long the host waits before loading the notification code again after a failed load. */
const RETRY_MS = 10_000;

const loadNotifications = () => lazy(async () => ({ default: (await import("./notification-view")).Notifications }));

/**
 * Mounts Mantine's notification container once the first notification is raised. Its code loads
 * only then, and that may be the moment the server went away (a wall screen's first notification):
 * a failed load must not take the page down, so it renders nothing and tries again later.
 */
export function NotificationsHost(): ReactNode {
  const requested = useStore(notificationsRequested);
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  // A new lazy component per attempt: React keeps a failed load's error for good.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const Notifications = useMemo(() => loadNotifications(), [attempt]);

  useEffect(() => {
    if (!failed) return;
    const timer = setTimeout(() => {
      setFailed(false);
      setAttempt((n) => n + 1);
    }, RETRY_MS);
    return () => clearTimeout(timer);
  }, [failed]);

  if (!requested || failed) return null;
  return (
    <LoadFailureBoundary key={attempt} onFailure={() => setFailed(true)}>
      <Suspense fallback={null}>
        {/* spec: "The first active one shows at bottom right". */}
        <Notifications position="bottom-right" limit={1} />
      </Suspense>
    </LoadFailureBoundary>
  );
}

class LoadFailureBoundary extends Component<{ children: ReactNode; onFailure: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    this.props.onFailure();
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
