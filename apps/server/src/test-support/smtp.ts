import { createServer, type Server } from "node:net";
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";

export interface ReceivedMail {
  from: string;
  to: string[];
  parsed: ParsedMail;
}

/** A real SMTP server on a free local port (no TLS, no auth) that keeps what it receives. */
export interface TestSmtp {
  port: number;
  received: ReceivedMail[];
  /** While set, every recipient is refused with this SMTP code (451: try later). */
  refuseWith: number | null;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const state: TestSmtp = { port: 0, received: [], refuseWith: null, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuseWith !== null) callback(Object.assign(new Error("Mailbox busy, try later"), { responseCode: state.refuseWith }));
      else callback();
    },
    onData(stream, session, callback) {
      void simpleParser(stream).then(
        (parsed) => {
          state.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            parsed,
          });
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.port = (server.server.address() as { port: number }).port;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** A TCP server that accepts connections and never says a word: an SMTP peer that hangs. */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<import("node:net").Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
