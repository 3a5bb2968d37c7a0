import type { FastifyInstance } from "fastify";

/**
 * Headers of the web app's responses (docs/decisions/007-http-hardening.md).
 *
 * - Scripts only from our own origin (Vite emits no inline script); styles also inline, because
 *   Mantine and Emotion inject <style> elements at run time.
 * - connect-src names ws: and wss: besides 'self': browsers before CSP 3 do not count the
 *   page's own WebSocket as 'self', and a board that cannot subscribe goes stale.
 * - frame-src allows any http(s) page: the display's video windows (features/display/
 *   VideoStreams.tsx) show camera and player pages of other hosts, named by the call system's
 *   videostream messages at run time, so there is no fixed list to name.
 * - frame-ancestors 'self' and X-Frame-Options SAMEORIGIN: only our own /demo screen frames the
 *   display board; no other site may frame any of our pages (clickjacking).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "media-src 'self' blob:",
  "frame-src 'self' http: https:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join("; ");

const isHtml = (contentType: unknown): boolean => typeof contentType === "string" && contentType.startsWith("text/html");

/** Adds the headers to every response; the page policies only to HTML documents. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "same-origin");
    if (isHtml(reply.getHeader("content-type"))) {
      reply.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
      reply.header("X-Frame-Options", "SAMEORIGIN");
    }
    return payload;
  });
}
