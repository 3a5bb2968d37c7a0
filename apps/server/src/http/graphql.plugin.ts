import type { FastifyInstance } from "fastify";
import { GraphQLError, NoSchemaIntrospectionCustomRule } from "graphql";
import mercurius from "mercurius";
import { toClientError, withoutSuggestions } from "../graphql/errors.ts";
import { costLimitRule, isJsonText, NESTING_MESSAGE, nestsDeeperThan, QUERY_LIMITS, SUBSCRIPTIONS_PER_CONNECTION } from "../graphql/limits.ts";
import { buildSchema } from "../graphql/schema.ts";
import { subscriptionOverHttpRule } from "../graphql/transport-rules.ts";
import { graphqlErrorBody } from "./client-error.ts";
import { graphqlRequestErrorHandler } from "./graphql-http-errors.ts";
import { unsafeLiteralRule } from "./input-guard.ts";
import type { Services } from "./request-context.ts";
import { GRAPHQL_PATH, registerGraphqlUploads } from "./uploads.ts";
import { registerWebSocketServer } from "./ws-limits.ts";

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
  return inner.map((e: { message?: unknown }) => new GraphQLError(String(e.message ?? "Invalid query"), { extensions: { code: "VALIDATION" } }));
}

/** The same errors without "Did you mean" hints (production: they would describe the schema). */
function withoutHints(errors: GraphQLError[]): GraphQLError[] {
  return errors.map((e) => {
    const message = withoutSuggestions(e.message);
    return message === e.message
      ? e
      : new GraphQLError(message, { nodes: e.nodes, source: e.source, positions: e.positions, path: e.path, extensions: e.extensions });
  });
}

const isUpgrade = (headers: { upgrade?: string | undefined }): boolean => String(headers.upgrade ?? "").toLowerCase() === "websocket";

/** GraphQL over HTTP POST and graphql-ws on the same path (ARCHITECTURE «Packages»). */
export async function registerGraphql(app: FastifyInstance, services: Services): Promise<void> {
  const { production } = services.config;
  // multipart/form-data (GraphQL multipart request spec) for uploads, signed-in only (http/uploads.ts).
  registerGraphqlUploads(app);
  // GET serves only the WebSocket upgrade: queries go by POST with the CSRF header.
  app.addHook("onRequest", async (request, reply) => {
    if ((request.method !== "GET" && request.method !== "HEAD") || request.url.split("?", 1)[0] !== GRAPHQL_PATH || isUpgrade(request.headers)) return;
    await reply.code(405).header("allow", "POST").send(graphqlErrorBody("Send GraphQL requests with POST; GET only opens the WebSocket.", "VALIDATION"));
  });
  // Ours, not Mercurius' own: it carries the connection limits and the guard of each socket.
  await registerWebSocketServer(
    app,
    { connectionsPerIp: services.config.WS_CONNECTIONS_PER_IP, subscriptionsPerConnection: SUBSCRIPTIONS_PER_CONNECTION, production },
    (info, next) => next(sameOrigin(info.req.headers.origin, info.req.headers.host), 403),
  );
  await app.register(mercurius, {
    schema: buildSchema(),
    path: GRAPHQL_PATH,
    graphiql: false,
    // Compiled execution for queries seen more than once (displays ask the same few all day).
    jit: 1,
    queryDepth: QUERY_LIMITS.depth,
    graphql: { parseOptions: { maxTokens: QUERY_LIMITS.tokens } },
    validationRules: production
      ? [costLimitRule, unsafeLiteralRule, subscriptionOverHttpRule, NoSchemaIntrospectionCustomRule]
      : [costLimitRule, unsafeLiteralRule, subscriptionOverHttpRule],
    context: (request) => request.ctx,
    // Requests GraphQL never executed: 4xx (http/graphql-http-errors.ts).
    errorHandler: graphqlRequestErrorHandler({ production }),
    errorFormatter: (execution, context) => {
      const errors = execution.errors.flatMap((error) => {
        const mapped = clientErrors(error);
        // The client hears "Internal error" only; the operator needs the cause in the log.
        if (mapped.some((e) => e.extensions["code"] === "INTERNAL"))
          context.reply.log.error({ err: error.originalError ?? error }, "internal error in a GraphQL operation");
        return mapped;
      });
      return { statusCode: 200, response: { data: execution.data ?? null, errors: production ? withoutHints(errors) : errors } };
    },
    subscription: {
      context: (_socket, request) => request.ctx,
      onConnect: () => true,
      keepAlive: 30_000,
    },
  });
  // graphql's parser recurses per bracket: refuse deep nesting before it runs.
  app.graphql.addHook("preParsing", async (_schema, source) => {
    if (nestsDeeperThan(source, QUERY_LIMITS.nesting)) throw new GraphQLError(NESTING_MESSAGE);
    if (isJsonText(source)) throw new GraphQLError("The query must be GraphQL text.");
  });
}
