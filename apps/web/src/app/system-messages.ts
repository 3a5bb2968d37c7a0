import type { SystemMessageSubject } from "@caresuite/domain";
import { isRecord } from "../api/json";

/** One pushed message of the `systemMessages` subscription; payload is a JSON string. */
export interface SystemMessage {
  subject: string;
  payload: string | null;
}

export type SystemMessageHandler = (payload: unknown) => void;

/** Parses a payload; text that is not JSON is passed on as it is (handlers validate shape). */
export function parsePayload(payload: string | null): unknown {
  if (payload === null || payload === "") return null;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return payload;
  }
}

/** `{seconds}` of the `time` message as ms, or null when missing. */
export function payloadSecondsAsMs(payload: unknown): number | null {
  if (!isRecord(payload)) return null;
  const seconds = payload["seconds"];
  return typeof seconds === "number" && Number.isFinite(seconds) ? seconds * 1000 : null;
}

/** `{version}` of the `restart` message, or null. */
export function payloadVersion(payload: unknown): string | null {
  if (!isRecord(payload)) return null;
  const version = payload["version"];
  return typeof version === "string" && version.trim() !== "" ? version : null;
}

/**
 * Routes messages by subject. spec: "unknown subjects are logged". Later features register
 * their subjects (getsconfig.*, getshttp.*, ...) with `register`.
 */
export function createSystemMessageDispatcher(log: (...args: unknown[]) => void) {
  const handlers = new Map<string, SystemMessageHandler>();
  return {
    /** Subjects are the shared list (packages/domain/src/system-messages.ts): a misspelt one fails the typecheck. */
    register(subject: SystemMessageSubject, handler: SystemMessageHandler): () => void {
      handlers.set(subject, handler);
      return () => {
        if (handlers.get(subject) === handler) handlers.delete(subject);
      };
    },
    dispatch(message: SystemMessage): void {
      const handler = handlers.get(message.subject);
      if (handler) handler(parsePayload(message.payload));
      else log("system message", message.subject, message.payload);
    },
  };
}

export type SystemMessageDispatcher = ReturnType<typeof createSystemMessageDispatcher>;
