import { useRef } from "react";
import { useBlocker, type Blocker } from "react-router";

export interface LeaveGuard {
  /** "blocked" while the unsaved-changes question is open (see UnsavedChangesAlert). */
  blocker: Blocker;
  /** Leaves on purpose (after save, delete or copy): the guard lets this navigation pass. */
  leave: (go: () => void) => void;
}

/**
 * spec: a form asks before closing with unsaved changes. Changes of the query string alone (a
 * list's filters behind the modal) are no leaving.
 */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const leaving = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname);
  const leave = (go: () => void): void => {
    leaving.current = true;
    go();
  };
  return { blocker, leave };
}
