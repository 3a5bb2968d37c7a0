import { useEffect, useState } from "react";
import { syncProgressHideAt } from "@caresuite/domain";

/**
 * spec: "The progress bar shows while sync jobs exist and stays at least 3 seconds after"
 * ("visible at least 3000 ms"): true while `active`, then on until 3000 ms after it appeared.
 */
export function useMinVisible(active: boolean): boolean {
  const [shownSince, setShownSince] = useState<number | null>(null);
  // Adjusting state while rendering (React's pattern for derived state): note when it appears.
  if (active && shownSince === null) setShownSince(Date.now());
  const hideAt = syncProgressHideAt(active ? 1 : 0, shownSince);

  useEffect(() => {
    if (hideAt === null) return undefined;
    const timer = setTimeout(() => setShownSince(null), Math.max(0, hideAt - Date.now()));
    return () => clearTimeout(timer);
  }, [hideAt]);

  return active || shownSince !== null;
}
