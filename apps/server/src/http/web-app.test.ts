import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerSecurityHeaders } from "./security-headers.ts";
import { IMMUTABLE, registerWebApp } from "./web-app.ts";

// A build as `npm run build -w @caresuite/web` leaves it: hashed files below assets/, each large
// one with the .br and .gz copies of scripts/precompress.ts; small ones without.
const SCRIPT = `console.log(${JSON.stringify("x".repeat(4000))});`;
const PAGE = `<!doctype html><title>app</title>${"<!-- padding -->".repeat(100)}`;
const DISPLAY = "<!doctype html><title>display</title>";

function writeWithCopies(path: string, content: string): void {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

describe("the built web app's files", () => {
  let app: FastifyInstance;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), "caresuite-web-app-"));
    mkdirSync(join(web, "assets"));
    writeWithCopies(join(web, "index.html"), PAGE);
    writeFileSync(join(web, "display.html"), DISPLAY);
    writeWithCopies(join(web, "assets", "index-Ab12Cd34.js"), SCRIPT);
    writeFileSync(join(web, "assets", "small-Ef56Gh78.js"), "console.log(1)");
    writeFileSync(join(web, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    app = Fastify();
    registerSecurityHeaders(app);
    await registerWebApp(app, web);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(web, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, method: "GET" | "HEAD" = "GET") =>
    app.inject({ method, url, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });

  it.each([
    ["br, gzip, deflate", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["gzip;q=1, br;q=0", "gzip"],
    ["*", "gzip"],
    ["identity", undefined],
    [undefined, undefined],
  ])("sends a hashed script to Accept-Encoding %s as %s, cached for a year", async (acceptEncoding, encoding) => {
    const response = await get("/assets/index-Ab12Cd34.js", acceptEncoding);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe(encoding);
    expect(response.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(response.headers["cache-control"]).toBe(IMMUTABLE);
    expect(response.headers.vary).toBe("Accept-Encoding");
    const body = response.rawPayload;
    const decoded = encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;
    expect(decoded.toString()).toBe(SCRIPT);
  });

  it("sends a file the build left without copies as it is", async () => {
    const response = await get("/assets/small-Ef56Gh78.js", "br, gzip");
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toBe("console.log(1)");
    expect(response.headers["cache-control"]).toBe(IMMUTABLE);
  });

  it("has unhashed files revalidated", async () => {
    const response = await get("/favicon.svg", "br");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it.each(["/", "/login", "/admin/calltypes"])("sends %s compressed, never cached, with the page policy", async (url) => {
    const response = await get(url, "br, gzip");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers.vary).toBe("Accept-Encoding");
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(PAGE);
  });

  it.each([
    ["/", "br, gzip"],
    ["/login", "br, gzip"],
    ["/admin/calltypes", undefined],
    ["/display", undefined],
    ["/display/station-1/call/42", "gzip"],
    ["/assets/index-Ab12Cd34.js", "br"],
    ["/favicon.svg", undefined],
  ])("answers HEAD %s (Accept-Encoding %s) as GET does, without the body", async (url, acceptEncoding) => {
    const [head, full] = await Promise.all([get(url, acceptEncoding, "HEAD"), get(url, acceptEncoding)]);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    for (const header of ["content-type", "content-length", "content-encoding", "cache-control", "etag", "content-security-policy"]) {
      expect(head.headers[header], header).toBe(full.headers[header]);
    }
  });

  it.each([
    ["HEAD", "/backend/nope"],
    ["HEAD", "/demo/nope"],
    ["POST", "/login"],
    ["DELETE", "/admin/calltypes"],
  ])("still answers %s %s with 404", async (method, url) => {
    const response = await app.inject({ method: method as "HEAD" | "POST" | "DELETE", url });
    expect(response.statusCode).toBe(404);
  });
});
