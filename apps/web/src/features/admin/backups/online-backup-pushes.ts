import { useEffect } from "react";
import type { SystemMessagePayloads } from "@caresuite/domain";
import { createStore, useStore } from "../../../api/store";
import { systemMessages } from "../../../app/SystemMessagesListener";

/**
 * spec §7 "onlinebackup.token and onlinebackup.result store values": the last pushed values, kept
 * while the online backup section is shown (docs/decisions/045-online-backup.md); the section
 * reloads its state when one arrives.
 */
export interface OnlineBackupPushes {
  count: number;
  result: SystemMessagePayloads["onlinebackup.result"] | null;
  has_token: boolean | null;
}

const pushes = createStore<OnlineBackupPushes>({ count: 0, result: null, has_token: null });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** A pushed result as sent by the server; null when it is not one. */
export function readResult(payload: unknown): OnlineBackupPushes["result"] {
  if (!isRecord(payload) || typeof payload["ok"] !== "boolean" || typeof payload["name"] !== "string") return null;
  const error = payload["error"];
  return { ok: payload["ok"], name: payload["name"], error: typeof error === "string" ? error : null };
}

function listen(): () => void {
  const offResult = systemMessages.register("onlinebackup.result", (payload) => pushes.set((p) => ({ ...p, count: p.count + 1, result: readResult(payload) })));
  const offToken = systemMessages.register("onlinebackup.token", (payload) =>
    pushes.set((p) => ({ ...p, count: p.count + 1, has_token: isRecord(payload) && payload["has_token"] === true })),
  );
  return () => {
    offResult();
    offToken();
  };
}

export function useOnlineBackupPushes(): OnlineBackupPushes {
  useEffect(listen, []);
  return useStore(pushes);
}

export const onlineBackupPushesForTests = { listen, get: (): OnlineBackupPushes => pushes.get() };
