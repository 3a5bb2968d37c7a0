// First: it configures zod before any module can parse with it.
import "./zod-without-eval";
import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { StrictMode, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { SYSTEM_STORAGE_KEY, initialSystemId, resolveLocale } from "@caresuite/domain";
import { setRequestSystem } from "./api/request-context";
import { readStorage } from "./api/storage";
import { createWsClient, type RestartableWsClient } from "./api/ws-client";
import { initI18n, storedLocale } from "./i18n";

/**
 * What both pages (the app, main.tsx, and the display board, display-main.tsx) do before their
 * first render: the language (the user's own is applied once AppData arrives; until then query
 * and storage decide), the system context, the live socket.
 */
export async function boot(render: (ws: RestartableWsClient, initialSystemId: number) => ReactNode): Promise<void> {
  const query = new URLSearchParams(window.location.search);
  await initI18n(resolveLocale(query.get("locale"), storedLocale(), null));
  const systemId = initialSystemId(query.get("system"), readStorage(SYSTEM_STORAGE_KEY));
  setRequestSystem(systemId);
  const ws = createWsClient();
  const container = document.getElementById("root");
  if (!container) throw new Error("#root missing in the page");
  createRoot(container).render(<StrictMode>{render(ws, systemId)}</StrictMode>);
}
