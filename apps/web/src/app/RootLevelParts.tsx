import { Suspense, type ReactNode } from "react";
import { useStore } from "../api/store";
import { httpFailure } from "../api/status";
import { UpdateBanner } from "./shell/UpdateBanner";
import { lazyPage } from "./lazy-page";
import { SystemMessagesListener } from "./SystemMessagesListener";

// Loaded on the first failure only: a modal pulls in focus trap and scroll lock, which /login
// and the display board do not otherwise need.
const HttpErrorPopup = lazyPage(() => import("./shell/HttpErrorPopup"), "HttpErrorPopup");

/**
 * The spec's "root-level set" beside every screen of both pages (app and display board): system
 * messages, the HTTP error popup and the update notifier.
 */
export function RootLevelParts(): ReactNode {
  const failure = useStore(httpFailure);
  return (
    <>
      <SystemMessagesListener />
      {failure && (
        <Suspense fallback={null}>
          <HttpErrorPopup />
        </Suspense>
      )}
      <UpdateBanner />
    </>
  );
}
