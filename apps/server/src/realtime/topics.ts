import type { SystemMessagePayloads, SystemMessageSubject } from "@caresuite/domain";

/**
 * Every topic of the server's bus (realtime/pubsub.ts) with what its payloads carry: one place,
 * so that a publisher and its subscribers cannot drift apart.
 */

/** The open calls of a system changed: subscribers reload the list (the database is the truth). */
export const callsTopic = (systemId: number): string => `calls:${systemId}`;

/** What a calls signal carries: the last applied seq, or a controller reset that closed the open calls. */
export type CallsSignal = { seq: number | null } | { reset: true };

/** Nodes of a system's tree changed (created, updated, deleted, sorted, noted): open trees refetch them. */
export const systemTreeTopic = (systemId: number): string => `systemtree:${systemId}`;

/** What a tree signal carries: the system and the ids of the nodes that changed (none: the whole tree). */
export interface SystemTreeSignal {
  system_id: number;
  ids: number[];
}

/** Server-wide pushes to every client (`systemMessages` subscription). */
export const SYSTEM_MESSAGES_TOPIC = "system-messages";

/** The remote-access tunnel state changed (opened, closed): every instance checks whether it holds it (docs/decisions/042). */
export const TUNNEL_CHANGED_TOPIC = "tunnel-changed";

/** A pushed message (spec §7 "Push handling by subject"); payload is JSON text. */
export interface SystemMessage {
  subject: SystemMessageSubject;
  payload: string;
}

/** A system message of a known subject with its payload's shape (packages/domain/src/system-messages.ts). */
export function systemMessage<S extends SystemMessageSubject>(subject: S, payload: SystemMessagePayloads[S]): SystemMessage {
  return { subject, payload: JSON.stringify(payload) };
}

/** Hub printer messages of a system (spec "Hub printer message: id, address, error, system_tree_node"). */
export const hubPrinterTopic = (systemId: number): string => `hub-printer:${systemId}`;

/** What a hub printer message carries: `id` is the controller event's seq. */
export interface HubPrinterMessage {
  id: number;
  address: string;
  error: string;
  system_tree_node: { id: number; kind: string; name: string; serial: string | null; parent_name: string | null } | null;
}
