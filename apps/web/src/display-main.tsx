import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { SYSTEM_STORAGE_KEY, initialSystemId, resolveLocale } from "@caresuite/domain";
import { setRequestSystem } from "./api/request-context";
import { readStorage } from "./api/storage";
import { createWsClient } from "./api/ws-client";
import { DisplayApp } from "./app/DisplayApp";
import { initI18n, storedLocale } from "./i18n";

/**
 * The entry of /display (display.html): the wall-screen board without the app's router, shell
 * and admin code, so a display loads as little as possible (docs/decisions/006-display-entry.md).
 */
async function start(): Promise<void> {
  const query = new URLSearchParams(window.location.search);
  await initI18n(resolveLocale(query.get("locale"), storedLocale(), null));
  const systemId = initialSystemId(query.get("system"), readStorage(SYSTEM_STORAGE_KEY));
  setRequestSystem(systemId);
  const ws = createWsClient();
  const container = document.getElementById("root");
  if (!container) throw new Error("#root missing in display.html");
  createRoot(container).render(
    <StrictMode>
      <DisplayApp ws={ws} initialSystemId={systemId} />
    </StrictMode>,
  );
}

void start();
