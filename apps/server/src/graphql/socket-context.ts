import { SYSTEM_HEADER, canAccessSystem, parseAcceptLanguage, parseSystemHeader } from "@caresuite/domain";
import type { RequestContext } from "../context.ts";
import { isKnownSystem, knownSystemIds } from "../modules/systems/known-system-ids.ts";
import { AppError } from "../errors/app-error.ts";

/** Context of a WebSocket operation: Mercurius keeps the connection_init payload here. */
export type SocketContext = RequestContext & { _connectionInit?: Record<string, unknown> | null };

/**
 * Applies the graphql-ws connection parameters (X-CS-System, Accept-Language: spec §7) to the
 * context built from the upgrade request, with the same system check as HTTP (424 there).
 */
export async function withConnectionParams(ctx: SocketContext): Promise<RequestContext> {
  const params = ctx._connectionInit ?? {};
  if (!(SYSTEM_HEADER in params) && !("Accept-Language" in params)) return ctx;
  const header = (name: string): string | undefined => {
    const value = params[name];
    return typeof value === "string" ? value : undefined;
  };
  const systemId = parseSystemHeader(header(SYSTEM_HEADER));
  const systems = await knownSystemIds(ctx.db.kysely, ctx.now());
  const known = systemId !== null && isKnownSystem(systems, systemId);
  if (systemId === null || !known || !canAccessSystem(ctx.user, systemId)) {
    throw new AppError("NOT_FOUND", "system unavailable", { reason: "system_unavailable" });
  }
  return { ...ctx, systemId, locale: parseAcceptLanguage(header("Accept-Language")) };
}
