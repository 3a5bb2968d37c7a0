import { useEffect } from "react";
import { createStore, useStore } from "../api/store";
import { systemMessages } from "./SystemMessagesListener";

/**
 * spec §7 "incidents.updated": a system's incidents changed. The dispatcher keeps one handler per
 * subject, and two parts listen (the header's incident indicator and the incident list), so the
 * one handler counts pushes into this store and both read the count. It registers while at least
 * one of them is mounted; the module loads with them (never with /login).
 */
const incidentPushes = createStore(0);
let listeners = 0;
let unregister: (() => void) | null = null;

function listen(): () => void {
  listeners += 1;
  unregister ??= systemMessages.register("incidents.updated", () => incidentPushes.set((count) => count + 1));
  return () => {
    listeners -= 1;
    if (listeners === 0 && unregister) {
      unregister();
      unregister = null;
    }
  };
}

/**
 * How many `incidents.updated` pushes arrived since the app started; a component refetches when it
 * changes (it starts at whatever count it first sees).
 */
export function useIncidentPushes(): number {
  useEffect(listen, []);
  return useStore(incidentPushes);
}

/** For tests: the handler's registration and the count. */
export const incidentUpdatesForTests = {
  listen,
  count: (): number => incidentPushes.get(),
};
