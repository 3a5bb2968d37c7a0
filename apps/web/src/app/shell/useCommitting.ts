import { isCommitting } from "@caresuite/domain";
import { useServerClock } from "../../ui/useServerClock";

/**
 * Whether a configuration commit runs now. The 15-minute window ends on its own, so while a
 * commit start is known the answer is re-evaluated every clock tick.
 */
export function useCommitting(commitStart: string | null): boolean {
  const now = useServerClock(commitStart !== null);
  return isCommitting(commitStart, new Date(now));
}
