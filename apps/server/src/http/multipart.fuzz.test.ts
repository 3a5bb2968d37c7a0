import { connect } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSystem, buildUser } from "../test-support/builders.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { JSON_POST_HEADERS, REQUEST_HEADER, SYSTEM_HEADER } from "@caresuite/domain";

/**
 * "A fuzz suite (fast-check) [...] over multipart bodies. It asserts 0 process exits;
 * 0 HTTP 5xx". Raw bytes over a real socket to a listening server (a crash of the upload parser
 * would end this test process too), anonymous and signed in, then a health check after each.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6) * 10;
const UPLOAD = "mutation($id: Int!, $file: Upload!) { uploadCheckpointMapImage(id: $id, file: $file) { id } }";
const CRLF = "\r\n";

interface RawAnswer {
  status: number | null;
  ms: number;
}

/** Sends bytes as they are and reads the status line; null when the server closed without one. */
function sendRaw(port: number, head: string, body: Buffer, options: { declaredLength?: number; halfClose?: boolean } = {}): Promise<RawAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    const finish = (): void => {
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      resolve({ status: match ? Number(match[1]) : null, ms: performance.now() - started });
      socket.destroy();
    };
    socket.setTimeout(15_000, () => reject(new Error(`no answer within 15 s: ${head.split(CRLF)[0]}`)));
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      if (received.includes(CRLF + CRLF)) finish();
    });
    socket.on("close", finish);
    socket.on("error", () => finish());
    socket.write(`${head}Content-Length: ${options.declaredLength ?? body.length}${CRLF}Connection: close${CRLF}${CRLF}`);
    socket.write(body);
    if (options.halfClose) socket.end();
  });
}

const partHeader = fc.oneof(
  fc.constantFrom(
    'Content-Disposition: form-data; name="operations"',
    'Content-Disposition: form-data; name="map"',
    'Content-Disposition: form-data; name="0"; filename="map.png"',
    'Content-Disposition: form-data; name="0"; filename="m\u0000ap.png"',
    "Content-Disposition: form-data; name=\"0\"; filename*=UTF-8''%00.png",
    "Content-Type: image/png",
    "bad header",
    ": empty name",
    `X-Long: ${"a".repeat(20_000)}`,
    "Content-Disposition: attachment",
  ),
  fc.string({ unit: "binary-ascii", maxLength: 60 }),
);
const partBody = fc.oneof(
  fc.constantFrom(
    JSON.stringify({ query: UPLOAD, variables: { id: 1, file: null } }),
    JSON.stringify({ 0: ["variables.file"] }),
    JSON.stringify({ 0: ["variables.nothing.deeper"] }),
    JSON.stringify({ 0: ["variables.file"], 1: ["variables.file"] }),
    "{",
    "[]",
    "\u0089PNG\r\n\u001a\n",
    "",
  ),
  fc.string({ unit: "binary", maxLength: 200 }),
);
const multipart = fc.record({
  boundary: fc.constantFrom("x", "----fuzz", "a b", ""),
  declaredBoundary: fc.constantFrom("x", "----fuzz", "other", ""),
  parts: fc.array(fc.record({ headers: fc.array(partHeader, { maxLength: 3 }), body: partBody }), { maxLength: 6 }),
  closing: fc.boolean(),
  cut: fc.option(fc.nat({ max: 400 })),
  signedIn: fc.boolean(),
  halfClose: fc.boolean(),
  overDeclare: fc.boolean(),
});

describe("multipart fuzz against a listening server", () => {
  let server: TestServer;
  let port = 0;
  let cookie = "";

  beforeAll(async () => {
    server = await startTestServer("sqlite");
    await buildSystem(server.db.kysely, 1);
    const user = await buildUser(server.db.kysely, { is_superuser: true });
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    port = (server.app.server.address() as { port: number }).port;
    const login = await fetch(`http://127.0.0.1:${port}/backend/login`, {
      method: "POST",
      headers: JSON_POST_HEADERS,
      body: JSON.stringify({ username: user.username, password: user.password }),
    });
    cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  });
  afterAll(() => server.close());

  it("answers every malformed multipart body below 500 and stays alive", async () => {
    await fc.assert(
      fc.asyncProperty(multipart, async (m) => {
        const text =
          m.parts.map((p) => `--${m.boundary}${CRLF}${p.headers.join(CRLF)}${CRLF}${CRLF}${p.body}${CRLF}`).join("") +
          (m.closing ? `--${m.boundary}--${CRLF}` : "");
        let body = Buffer.from(text, "latin1");
        if (m.cut !== null) body = body.subarray(0, m.cut);
        const head =
          `POST /backend/query HTTP/1.1${CRLF}Host: 127.0.0.1${CRLF}${REQUEST_HEADER}: 1${CRLF}${SYSTEM_HEADER}: 01${CRLF}` +
          `Content-Type: multipart/form-data${m.declaredBoundary ? `; boundary=${m.declaredBoundary}` : ""}${CRLF}` +
          (m.signedIn ? `Cookie: ${cookie}${CRLF}` : "");
        const answer = await sendRaw(port, head, body, {
          declaredLength: m.overDeclare ? body.length + 100 : undefined,
          halfClose: m.halfClose || m.overDeclare,
        });
        if (answer.status !== null) expect(answer.status).toBeLessThan(500);
        const health = await fetch(`http://127.0.0.1:${port}/backend/health`);
        expect(health.status).toBe(200);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });

  it("answers an anonymous 5 MB upload within seconds without reading it", async () => {
    const head = `POST /backend/query HTTP/1.1${CRLF}Host: 127.0.0.1${CRLF}${REQUEST_HEADER}: 1${CRLF}Content-Type: multipart/form-data; boundary=x${CRLF}`;
    const answer = await sendRaw(port, head, Buffer.alloc(64 * 1024, 120), { declaredLength: 5 * 1024 * 1024 });
    expect(answer.status).not.toBeNull();
    expect(answer.status ?? 0).toBeGreaterThanOrEqual(400);
    expect(answer.status ?? 0).toBeLessThan(500);
    expect(answer.ms).toBeLessThan(5_000);
  });
});
