import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { SYSTEM_STORAGE_KEY, initialSystemId, resolveLocale } from "@caresuite/domain";
import { setRequestSystem } from "./api/request-context";
import { readStorage } from "./api/storage";
import { createWsClient } from "./api/ws-client";
import { App } from "./app/App";
import { initI18n, storedLocale } from "./i18n";

async function start(): Promise<void> {
  const query = new URLSearchParams(window.location.search);
  // The user's own locale is applied once AppData arrives; until then query and storage decide.
  await initI18n(resolveLocale(query.get("locale"), storedLocale(), null));
  const systemId = initialSystemId(query.get("system"), readStorage(SYSTEM_STORAGE_KEY));
  setRequestSystem(systemId);
  const ws = createWsClient();
  const container = document.getElementById("root");
  if (!container) throw new Error("#root missing in index.html");
  createRoot(container).render(
    <StrictMode>
      <App ws={ws} initialSystemId={systemId} />
    </StrictMode>,
  );
}

void start();
