import { describe, expect, it } from "vitest";
import { cleanupConfirmed, cleanupInputSchema, cleanupPhrase, cleanupScopeSchema, isLogFileName, SYSTEM_OPS_VALIDATION } from "./system-ops.ts";

describe('spec data §5 "Cleanup requires typing a confirmation phrase"', () => {
  it.each([
    ["de", "ENDGÜLTIG LÖSCHEN", true],
    ["de-CH", "ENDGÜLTIG LÖSCHEN", true],
    ["en", "DELETE PERMANENTLY", true],
    ["fr", "SUPPRIMER DÉFINITIVEMENT", true],
    ["it", "ELIMINA DEFINITIVAMENTE", true],
    ["en", "delete permanently", false],
    ["en", "DELETE PERMANENTLY ", false],
    ["en", "ENDGÜLTIG LÖSCHEN", false],
    ["xx", "ENDGÜLTIG LÖSCHEN", true],
    ["de", "", false],
  ])("%s: %j confirms: %s", (locale, typed, confirmed) => {
    expect(cleanupConfirmed(typed, locale)).toBe(confirmed);
  });

  it("every language has its own phrase", () => {
    expect(new Set(["de", "en", "fr", "it"].map(cleanupPhrase)).size).toBe(4);
  });

  it("the scope needs a date and at least one kind", () => {
    expect(cleanupScopeSchema.safeParse({ before: 1767225600000, calls: true, audit: false, exports: false }).success).toBe(true);
    const none = cleanupScopeSchema.safeParse({ before: 1767225600000, calls: false, audit: false, exports: false });
    expect(none.success ? null : none.error.issues[0]?.message).toBe(SYSTEM_OPS_VALIDATION.cleanup_nothing);
    expect(cleanupScopeSchema.safeParse({ before: "2026-01-01", calls: true, audit: true, exports: true }).success).toBe(false);
    expect(cleanupInputSchema.safeParse({ before: 1767225600000, calls: true, audit: true, exports: true, confirmation: "x" }).success).toBe(true);
  });
});

describe("log file names (no path, no traversal)", () => {
  it.each([
    ["server.log", true],
    ["server.1.log", true],
    ["server.12.log", true],
    ["../server.log", false],
    ["server.log/../../etc/passwd", false],
    ["..", false],
    ["/etc/passwd", false],
    ["server.x.log", false],
    ["caresuite.sqlite", false],
  ])("%j: %s", (name, ok) => {
    expect(isLogFileName(name)).toBe(ok);
  });
});
