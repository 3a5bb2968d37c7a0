import { useEffect, type ReactNode } from "react";
import { PageLoader } from "../ui/PageLoader";

/**
 * A route another page of the build serves (the display board's display.html,
 * docs/decisions/006-display-entry.md): arriving here inside the app, load it as a page.
 */
export function FullPageLoad(): ReactNode {
  useEffect(() => {
    window.location.replace(window.location.pathname + window.location.search);
  }, []);
  return <PageLoader />;
}
