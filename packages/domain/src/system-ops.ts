import { z } from "zod";
import { VALIDATION_KEYS } from "./validation-messages.ts";

/**
 * The system area's tools (docs/decisions/044-cleanup-logs-maintenance.md): the cleanup of old
 * call log, audit and export records, and the log files' names and levels.
 */

/**
 * spec data §5: "Cleanup requires typing a confirmation phrase". The phrase is the user's
 * language's; the server compares exactly (case and spaces count) with the phrase of the
 * request's language, so the web shows this same table.
 */
export const CLEANUP_PHRASES = {
  de: "ENDGÜLTIG LÖSCHEN",
  en: "DELETE PERMANENTLY",
  fr: "SUPPRIMER DÉFINITIVEMENT",
  it: "ELIMINA DEFINITIVAMENTE",
} as const;

export type CleanupLocale = keyof typeof CLEANUP_PHRASES;

/** The phrase of a language (de, the reference, for any other). */
export function cleanupPhrase(locale: string): string {
  const short = locale.slice(0, 2).toLowerCase();
  return short in CLEANUP_PHRASES ? CLEANUP_PHRASES[short as CleanupLocale] : CLEANUP_PHRASES.de;
}

/** Whether the typed text is the language's phrase, exactly. */
export function cleanupConfirmed(typed: string, locale: string): boolean {
  return typed === cleanupPhrase(locale);
}

/** Messages of the system tools beyond the shared validation keys (admin catalogue keys). */
export const SYSTEM_OPS_VALIDATION = {
  /** The typed confirmation is not the phrase: nothing was deleted. */
  cleanup_phrase: "validation.cleanup_phrase",
  /** No kind of record chosen. */
  cleanup_nothing: "validation.cleanup_nothing",
  /** A date in the future (would delete what is still being written). */
  cleanup_future: "validation.cleanup_future",
} as const;

/** An instant (ms since the epoch): the start of the chosen day in the user's time zone, as the web computes it. */
const day = z.number({ error: VALIDATION_KEYS.required }).int({ error: VALIDATION_KEYS.required }).positive({ error: VALIDATION_KEYS.required });

/** What to delete: records older than `before` and of which kinds. */
export const cleanupScopeSchema = z
  .object({
    before: day,
    calls: z.boolean(),
    audit: z.boolean(),
    exports: z.boolean(),
  })
  .refine((v) => v.calls || v.audit || v.exports, { error: SYSTEM_OPS_VALIDATION.cleanup_nothing, path: ["calls"] });

export type CleanupScope = z.infer<typeof cleanupScopeSchema>;

/** The cleanup itself: the scope and the typed phrase. */
export const cleanupInputSchema = z.object({
  before: day,
  calls: z.boolean(),
  audit: z.boolean(),
  exports: z.boolean(),
  confirmation: z.string().max(100, { error: VALIDATION_KEYS.max_length }),
});

export type CleanupInput = z.infer<typeof cleanupInputSchema>;

/** What a cleanup deletes, or deleted (the audit entry's meta). */
export interface CleanupCounts {
  calls: number;
  audit_logs: number;
  exports: number;
}

/** pino's levels by number, the log screen's filter. */
export const LOG_LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
export type LogLevelName = keyof typeof LOG_LEVELS;

/** The name of a log file: the current one or a rotated one (server.log, server.1.log ...). */
export const LOG_FILE_NAME = /^server(\.\d{1,3})?\.log$/;

/** Whether a requested name is one of ours (no path, no traversal). */
export function isLogFileName(name: string): boolean {
  return LOG_FILE_NAME.test(name);
}
