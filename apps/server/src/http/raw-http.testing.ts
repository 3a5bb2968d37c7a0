import { connect } from "node:net";

/**
 * A byte-exact HTTP/1.1 client for tests of hostile requests (malformed multipart, bodies streamed
 * slowly, Content-Length lies): fetch would repair or refuse what an attacker sends as it is.
 */

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection (rather than the test timing out). */
  closed: boolean;
  /** Milliseconds from the first byte sent until the status line arrived. */
  answeredAfterMs: number;
}

export interface RawRequest {
  port: number;
  method?: string;
  path?: string;
  headers: Record<string, string>;
  /** Sent as it is; a function streams chunks, and may stop early when `answered()` is true. */
  body: Buffer | ((write: (chunk: Buffer) => Promise<boolean>, answered: () => boolean) => Promise<void>);
  /** Gives up after this long (the test then sees status 0). */
  timeoutMs?: number;
  /** After a complete answer, waits this long for the server to close the connection. */
  waitForCloseMs?: number;
}

/** Sends one request on a new connection; resolves once the server closed it or the response is complete. */
export function rawRequest(request: RawRequest): Promise<RawResponse> {
  const { port, method = "POST", path = "/backend/query", headers, body, timeoutMs = 10_000, waitForCloseMs = 0 } = request;
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const started = Date.now();
    let answeredAt = 0;
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (closed: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = received.toString("latin1");
      const split = text.indexOf("\r\n\r\n");
      const head = split === -1 ? text : text.slice(0, split);
      const [statusLine = "", ...lines] = head.split("\r\n");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0);
      const parsed = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
      resolve({
        status,
        headers: parsed,
        body: split === -1 ? "" : received.subarray(Buffer.byteLength(head, "latin1") + 4).toString("utf8"),
        closed,
        answeredAfterMs: answeredAt - started,
      });
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    const complete = (): boolean => {
      const text = received.toString("latin1");
      const split = text.indexOf("\r\n\r\n");
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, split))?.[1];
      return split !== -1 && length !== undefined && received.length >= split + 4 + Number(length);
    };
    socket.on("data", (chunk) => {
      if (answeredAt === 0) answeredAt = Date.now();
      received = Buffer.concat([received, chunk]);
      if (complete()) {
        if (waitForCloseMs === 0) finish(false);
        else setTimeout(() => finish(false), waitForCloseMs);
      }
    });
    // A reset after the answer is how a server refuses the rest of a body: the answer counts.
    socket.on("error", () => finish(true));
    socket.on("close", () => finish(true));
    const head = [`${method} ${path} HTTP/1.1`, "host: 127.0.0.1", ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), "", ""].join("\r\n");
    socket.write(head);
    const write = (chunk: Buffer): Promise<boolean> =>
      new Promise((done) => {
        if (socket.destroyed) return done(false);
        socket.write(chunk, (error) => done(!error));
      });
    if (Buffer.isBuffer(body)) socket.write(body);
    else void body(write, () => answeredAt !== 0 || settled).catch(() => undefined);
  });
}
