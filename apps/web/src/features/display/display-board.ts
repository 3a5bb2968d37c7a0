import { timeSinceOpened } from "@caresuite/domain";

/** An open call as the board shows one (callsChanged); the domain's boardView reads a part of it. */
export interface BoardCall {
  id: number;
  system_id: number;
  number: number;
  opened_at: string;
  device_text_long: string;
  device_text_short: string;
  section_id: number | null;
  section_name: string;
  handled_by_app_username: string | null;
  call_source: { char: string } | null;
  /** The call source's text (its tooltip on the card); absent in older fixtures. */
  call_source_text?: string;
  call_type: { id: number; name: string; color: string; urgency: string; flag: string } | null;
  /** For the manual closure rule (domain canCloseCallManually). */
  section: { allow_manual_call_closure: boolean } | null;
  system_tree_node: { deny_manual_call_closure: boolean } | null;
}

/** The board rule's shapes (domain boardView), named as the board's documents use them. */
export type { BoardGroup, ScheduleSetting as BoardProfileSetting } from "@caresuite/domain";

/** spec: "Time since opened: under 10 seconds reads as just now"; else mm:ss. */
export function sinceLabel(openedAt: string, now: number): { kind: "just_now" } | { kind: "elapsed"; text: string } {
  const since = timeSinceOpened(openedAt, now);
  if (since.kind === "just_now" || !Number.isFinite(since.minutes)) return { kind: "just_now" };
  return { kind: "elapsed", text: `${String(since.minutes).padStart(2, "0")}:${String(since.seconds).padStart(2, "0")}` };
}

/** "HH:mm:ss" of a moment, for the connection banner. */
export function clockTime(ms: number, seconds = true): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return seconds ? `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` : `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
