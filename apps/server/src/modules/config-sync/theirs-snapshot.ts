import { ControllerError, FAILURE_TEXT, parseControllerConfig } from "../../callsystem/protocol-client.ts";
import { normaliseTheirs } from "../calls/config-shape.ts";
import { snapshotText } from "../calls/config-snapshot.repo.ts";

export interface TheirsRequest {
  /** GET /api/config's answer as it came (strings cross threads cheaply). */
  text: string;
  systemId: number;
}
export type TheirsAnswer = ({ ok: true } & TheirsSnapshot) | { ok: false; message: string };
/** Theirs as config_snapshots stores it. */
export interface TheirsSnapshot {
  text: string;
  revision: number;
}

/** The controller's answer parsed, checked as a controller configuration and normalised as stored. */
export async function theirsSnapshot(text: string, systemId: number): Promise<TheirsSnapshot> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Never the parser's message: it quotes the body.
    throw new ControllerError(200, FAILURE_TEXT.not_a_controller, "not_a_controller");
  }
  const theirs = normaliseTheirs(parseControllerConfig(body), systemId);
  return { text: await snapshotText(theirs), revision: theirs.revision };
}
