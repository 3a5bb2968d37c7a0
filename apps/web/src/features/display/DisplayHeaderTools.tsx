import { useEffect, useRef, useState, type ReactNode } from "react";
import { ActionIcon } from "@mantine/core";
import { IconBell, IconBellOff, IconCheck, IconLink } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { shareLinkQuery, type ShareSettings, STORAGE_PREFIX } from "@caresuite/domain";
import { readStorage, writeStorage } from "../../api/storage";
import * as TESTIDS from "../../testids";
import type { BoardCall } from "./display-board";

/** spec §9 "Storage prefix cs.": whether this screen raises browser notifications. */
const NOTIFICATIONS_KEY = `${STORAGE_PREFIX}display_notifications`;

/**
 * spec: "A share link is built from fullscreen, show_video_stream, locale (only if not German)
 * and font_size (only if not normal)." Copies this board's address with those settings.
 */
export function ShareLinkButton({ settings }: { settings: ShareSettings }): ReactNode {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    const url = `${window.location.origin}${window.location.pathname}${shareLinkQuery(new URLSearchParams(window.location.search).entries(), settings)}`;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (insecure context, denied): offer the address to copy by hand.
      window.prompt(t("display.shareLink"), url);
    }
  };
  const label = copied ? t("display.shareLinkCopied") : t("display.shareLink");
  return (
    <ActionIcon title={label} variant="default" size="lg" aria-label={label} onClick={() => void copy()} data-testid={TESTIDS.display.shareLink}>
      {copied ? <IconCheck size={20} /> : <IconLink size={20} />}
    </ActionIcon>
  );
}

/** spec: "a browser-notification toggle (secure context only)". */
export function notificationsSupported(): boolean {
  return typeof window !== "undefined" && window.isSecureContext && "Notification" in window;
}

/** The toggle's state: on only when stored and granted by the browser. */
export function useBrowserNotifications(): { enabled: boolean; toggle: () => Promise<void> } {
  const [enabled, setEnabled] = useState(() => notificationsSupported() && readStorage(NOTIFICATIONS_KEY) === "1" && Notification.permission === "granted");
  const toggle = async () => {
    if (enabled) {
      writeStorage(NOTIFICATIONS_KEY, null);
      setEnabled(false);
      return;
    }
    const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    if (permission === "granted") {
      writeStorage(NOTIFICATIONS_KEY, "1");
      setEnabled(true);
    }
  };
  return { enabled, toggle };
}

export function NotificationToggle({ enabled, onToggle }: { enabled: boolean; onToggle: () => void }): ReactNode {
  const { t } = useTranslation();
  const label = enabled ? t("display.notificationsOff") : t("display.notificationsOn");
  return (
    <ActionIcon
      title={label}
      variant={enabled ? "filled" : "default"}
      size="lg"
      aria-label={label}
      aria-pressed={enabled}
      onClick={onToggle}
      data-testid={TESTIDS.display.notificationToggle}
    >
      {enabled ? <IconBell size={20} /> : <IconBellOff size={20} />}
    </ActionIcon>
  );
}

/** Raises a browser notification for each call that appears while enabled (not for those already open). */
export function useCallNotifications(enabled: boolean, cards: readonly BoardCall[] | null): void {
  const { t } = useTranslation();
  const seen = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!cards) return;
    const before = seen.current;
    seen.current = new Set(cards.map((c) => c.id));
    if (!enabled || before === null) return;
    for (const call of cards) {
      if (before.has(call.id)) continue;
      try {
        new Notification(call.device_text_long || t("display.unknownCall"), { body: call.call_type?.name ?? "", tag: `cs-call-${call.id}` });
      } catch {
        // Some browsers allow notifications only from a service worker: the board stays primary.
      }
    }
  }, [cards, enabled, t]);
}
