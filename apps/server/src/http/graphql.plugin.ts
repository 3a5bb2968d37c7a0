import type { FastifyInstance } from "fastify";
import { GraphQLError, NoSchemaIntrospectionCustomRule } from "graphql";
import mercurius from "mercurius";
import { MAP_IMAGE_MAX_BYTES } from "@caresuite/domain";
import { mercuriusUpload } from "mercurius-upload";
import { toClientError } from "../graphql/errors.ts";
import { costLimitRule, QUERY_LIMITS } from "../graphql/limits.ts";
import { buildSchema } from "../graphql/schema.ts";
import { unsafeLiteralRule } from "./input-guard.ts";
import type { Services } from "./request-context.ts";

/** Same-origin check for the WebSocket upgrade (cookies ride along, so CSRF applies there too). */
function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return true; // non-browser clients send no Origin
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * Mercurius wraps a query's validation errors (graphql rules, depth limit) in one error whose
 * originalError lists them; they are about the query, so they become VALIDATION errors.
 */
function clientErrors(error: Error & { originalError?: unknown }): GraphQLError[] {
  const inner = (error.originalError as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(inner)) return [toClientError(error)];
  return inner.map((e: { message?: unknown }) =>
    new GraphQLError(String(e.message ?? "Invalid query"), { extensions: { code: "VALIDATION" } }),
  );
}

/** GraphQL over HTTP POST and graphql-ws on the same path (DESIGN.md §1). */
export async function registerGraphql(app: FastifyInstance, services: Services): Promise<void> {
  // multipart/form-data requests (GraphQL multipart request spec) for uploads: sounds < 1 MB and
  // map images <= 5 MB are the largest files the spec names; each field checks its own limit.
  // One byte more than that: a file cut at the limit is then known to be too big, not exact.
  await app.register(mercuriusUpload, { maxFileSize: MAP_IMAGE_MAX_BYTES + 1, maxFiles: 5 });
  await app.register(mercurius, {
    schema: buildSchema(),
    path: "/backend/query",
    graphiql: false,
    // Compiled execution for queries seen more than once (displays ask the same few all day).
    jit: 1,
    queryDepth: QUERY_LIMITS.depth,
    validationRules: services.config.production
      ? [costLimitRule, unsafeLiteralRule, NoSchemaIntrospectionCustomRule]
      : [costLimitRule, unsafeLiteralRule],
    context: (request) => request.ctx,
    errorFormatter: (execution) => ({
      statusCode: 200,
      response: { data: execution.data ?? null, errors: execution.errors.flatMap(clientErrors) },
    }),
    subscription: {
      verifyClient: (info, next) => next(sameOrigin(info.req.headers.origin, info.req.headers.host), 403),
      context: (_socket, request) => request.ctx,
      onConnect: () => true,
      keepAlive: 30_000,
    },
  });
}
