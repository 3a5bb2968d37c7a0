import { startTransition, useEffect, useState, type ReactNode } from "react";
import { Skeleton } from "@mantine/core";

/**
 * Renders its children one step after the first paint, in a transition the browser may interrupt
 * to paint: a big form shows its top at once and the rest a moment later, instead of all of it
 * late. Until then a placeholder of `height` keeps the layout from jumping.
 */
export function Deferred({ children, height, testId }: { children: ReactNode; height: number; testId?: string }): ReactNode {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => startTransition(() => setReady(true)));
    return () => cancelAnimationFrame(frame);
  }, []);
  if (!ready) return <Skeleton height={height} radius="md" aria-hidden />;
  return <div data-testid={testId}>{children}</div>;
}
