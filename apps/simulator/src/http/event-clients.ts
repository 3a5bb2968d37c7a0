import type { WebSocket } from "ws";

export interface ClientView {
  client: string;
  connected: boolean;
  connected_at: string;
  /** Highest seq sent on the current (or last) connection. */
  sent_seq: number;
  /** Highest seq the client acknowledged ("durably applied"). */
  acked_seq: number;
}

/**
 * The event-stream clients and their acknowledgements. Replay is by `from`, so acks change no
 * behaviour: they are recorded for status and metrics (how far behind the server is).
 */
export class EventClients {
  private readonly sockets = new Map<WebSocket, ClientView>();
  /** Last known state per client name, kept after it disconnects. */
  private readonly byName = new Map<string, ClientView>();

  add(socket: WebSocket, client: string, nowIso: string): ClientView {
    const view: ClientView = { client, connected: true, connected_at: nowIso, sent_seq: 0, acked_seq: this.byName.get(client)?.acked_seq ?? 0 };
    this.sockets.set(socket, view);
    this.byName.set(client, view);
    return view;
  }

  remove(socket: WebSocket): void {
    const view = this.sockets.get(socket);
    if (view) view.connected = false;
    this.sockets.delete(socket);
  }

  ack(socket: WebSocket, seq: number): void {
    const view = this.sockets.get(socket);
    if (view) view.acked_seq = Math.max(view.acked_seq, seq);
  }

  list(): ClientView[] {
    return [...this.byName.values()];
  }

  /** Closes every socket without a close frame (fault hook: a network cut). */
  dropAll(): number {
    const count = this.sockets.size;
    for (const socket of this.sockets.keys()) socket.terminate();
    return count;
  }

  /** Closes every socket politely (shutdown). */
  closeAll(): void {
    for (const socket of this.sockets.keys()) socket.close(1001, "controller stopping");
  }
}
