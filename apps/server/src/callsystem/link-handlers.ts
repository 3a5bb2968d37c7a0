import type { ControllerConfig, EventEnvelope } from "@caresuite/protocol";
import type { CallsSignal } from "../realtime/topics.ts";

/**
 * What a link does with what the controller says, handed in at wiring time (main.ts; the calls
 * module implements it: modules/calls/link-handlers.ts). The call-system adapter only speaks the
 * protocol and keeps its position; it never imports the modules (one-way layers).
 */
export type ApplyOutcome = "applied" | "duplicate" | "ignored" | "malformed";

export interface LinkHandlers {
  /**
   * Applies events in order, idempotently, in ONE transaction with the link's new position
   * (callsystem_links.last_seq); one outcome per event. The link acknowledges after it resolves.
   */
  apply(systemId: number, events: readonly EventEnvelope[], now: number): Promise<ApplyOutcome[]>;
  /** The open calls of the system changed (after the commit): tell their subscribers. */
  callsChanged(systemId: number, signal: CallsSignal): Promise<void>;
  /** Live calls of these call types opened (after `callsChanged`): boards may show a door camera. */
  callsOpened(systemId: number, callTypeIds: readonly number[]): Promise<void>;
  /** Takes a fetched controller configuration: kept as theirs, imported into ours unless local edits are unpublished (counts per collection; empty when not imported). */
  importConfig(systemId: number, config: ControllerConfig, now: number): Promise<Record<string, number>>;
}
