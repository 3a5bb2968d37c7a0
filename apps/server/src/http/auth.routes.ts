import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { login, logout } from "../modules/auth/auth.service.ts";
import { SESSION_COOKIE, type Services } from "./request-context.ts";

function secureCookie(services: Services, request: FastifyRequest): boolean {
  const setting = services.config.COOKIE_SECURE;
  return setting === "auto" ? request.protocol === "https" : setting === "true";
}

function setSessionCookie(services: Services, request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "strict",
    secure: secureCookie(services, request),
    // The cookie lives as long as the absolute expiry; the server enforces the idle timeout.
    maxAge: services.config.SESSION_ABSOLUTE_DAYS * 86_400,
  });
}

/** REST sign-in and sign-out (spec §7 "REST"). */
export function registerAuthRoutes(app: FastifyInstance, services: Services): void {
  app.post("/backend/login", async (request, reply) => {
    const result = await login(request.ctx, request.body, String(request.headers["user-agent"] ?? ""));
    const { token, ...body } = result;
    if (token) setSessionCookie(services, request, reply, token);
    return reply.send(body);
  });

  app.post("/backend/logout", async (request, reply) => {
    await logout(request.ctx, request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return { ok: true };
  });
}
