import { useEffect, useState, type ReactNode } from "react";
import { useStore } from "../api/store";
import { httpFailure } from "../api/status";
import { UpdateBanner } from "./shell/UpdateBanner";
import { lazyPage } from "./lazy-page";
import { SystemMessagesListener } from "./SystemMessagesListener";

// Loaded on the first failure only: a modal pulls in focus trap and scroll lock, which /login
// and the display board do not otherwise need.
const HttpErrorPopup = lazyPage(() => import("./shell/HttpErrorPopup"), "HttpErrorPopup");

/** How often the popup's code is asked for again while the server cannot be reached. */
const POPUP_RETRY_MS = 3_000;

/**
 * The popup's code is loaded before it renders: the first failure is often the server being away
 * (a restart, an update), and a chunk that cannot load would end in the router's error page
 * instead of the app. While it cannot load, it is tried again; the app stays as it is meanwhile.
 */
function useHttpErrorPopupLoaded(wanted: boolean): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!wanted || loaded) return undefined;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (): void => {
      HttpErrorPopup.preload().then(
        () => active && setLoaded(true),
        () => {
          if (active) timer = setTimeout(attempt, POPUP_RETRY_MS);
        },
      );
    };
    attempt();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [wanted, loaded]);
  return loaded;
}

/**
 * The spec's "root-level set" beside every screen of both pages (app and display board): system
 * messages, the HTTP error popup and the update notifier.
 */
export function RootLevelParts(): ReactNode {
  const failure = useStore(httpFailure);
  const popupLoaded = useHttpErrorPopupLoaded(failure !== null);
  return (
    <>
      <SystemMessagesListener />
      {failure && popupLoaded && <HttpErrorPopup />}
      <UpdateBanner />
    </>
  );
}
