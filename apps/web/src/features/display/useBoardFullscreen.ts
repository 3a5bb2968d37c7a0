import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FULLSCREEN_NOTIFICATION_MS } from "@caresuite/domain";
import { notify } from "../../ui/notify";

function requestDocumentFullscreen(): void {
  if (!document.fullscreenEnabled || document.fullscreenElement) return;
  document.documentElement.requestFullscreen().catch(() => undefined);
}

/** Inside another page's frame (the demo): cross-origin parents throw on access, and count as embedded. */
function isEmbedded(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/**
 * The board's fullscreen: header, footer and title hidden (spec: "Fullscreen hides header, footer
 * and title. Escape exits fullscreen."), and the browser's fullscreen where it can be had.
 *
 * Browsers grant `requestFullscreen` only in a user gesture. So a board that starts in
 * fullscreen (URL, or the profile's automatic start) hides its chrome at once and asks for the
 * browser's fullscreen on the first tap or key press, with a hint for 8 s (spec: "Fullscreen
 * notification 8000 ms"); the toggle button asks directly.
 */
export function useBoardFullscreen(initial: boolean): { fullscreen: boolean; enter: () => void; exit: () => void } {
  const { t } = useTranslation();
  const [fullscreen, setFullscreen] = useState(initial);
  const hinted = useRef(false);

  const enter = useCallback(() => {
    setFullscreen(true);
    requestDocumentFullscreen();
  }, []);
  const exit = useCallback(() => {
    setFullscreen(false);
    if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setFullscreen(false);
    };
    // Leaving the browser's fullscreen (its own Escape handling, F11) leaves the board's too.
    const onChange = () => {
      if (!document.fullscreenElement) setFullscreen(false);
    };
    window.addEventListener("keydown", onKey);
    document.addEventListener("fullscreenchange", onChange);
    return () => {
      window.removeEventListener("keydown", onKey);
      document.removeEventListener("fullscreenchange", onChange);
    };
  }, []);

  // Started in fullscreen without a gesture: ask on the first interaction.
  useEffect(() => {
    if (!fullscreen || document.fullscreenElement || !document.fullscreenEnabled) return undefined;
    // An embedded board (the demo's visuals tab) cannot go fullscreen: its hint would only cover it.
    if (!hinted.current && !isEmbedded()) {
      hinted.current = true;
      notify({ type: "none", title: t("display.fullscreenHintTitle"), text: t("display.fullscreenHintText"), duration: FULLSCREEN_NOTIFICATION_MS });
    }
    const onGesture = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key === "Escape") return;
      requestDocumentFullscreen();
    };
    window.addEventListener("pointerdown", onGesture, { once: true });
    window.addEventListener("keydown", onGesture, { once: true });
    return () => {
      window.removeEventListener("pointerdown", onGesture);
      window.removeEventListener("keydown", onGesture);
    };
  }, [fullscreen, t]);

  return { fullscreen, enter, exit };
}
