import { timeSinceOpened } from "@caresuite/domain";

/** How long a call has been open, as the demo's call list words it (i18n key and values). */
export type Elapsed =
  | { key: "demo.calls.justNow" }
  | { key: "demo.calls.seconds"; count: number }
  | { key: "demo.calls.minutes"; count: number }
  | { key: "demo.calls.hours"; hours: number; minutes: number };

/** The domain's time since opened (spec: "under 10 seconds reads as just now"), in the largest unit. */
export function elapsedSince(openedAt: string, now: number): Elapsed {
  const since = timeSinceOpened(openedAt, now);
  if (since.kind === "just_now" || !Number.isFinite(since.minutes)) return { key: "demo.calls.justNow" };
  if (since.minutes === 0) return { key: "demo.calls.seconds", count: since.seconds };
  if (since.minutes < 60) return { key: "demo.calls.minutes", count: since.minutes };
  return { key: "demo.calls.hours", hours: Math.floor(since.minutes / 60), minutes: since.minutes % 60 };
}
