import { Client, cacheExchange, fetchExchange, getOperationName, makeOperation, mapExchange, subscriptionExchange, type Operation } from "@urql/core";
import type { ErrorCode } from "@caresuite/domain";
import { backendFetch, queryUrl } from "./backend-fetch";
import { log } from "./log";
import type { RestartableWsClient } from "./ws-client";

export interface UrqlClientOptions {
  ws: RestartableWsClient;
  /** Called when an operation reports MISSING_AUTH (AppData, which ignores it, does not come here: api/app-data-loader.ts). */
  onMissingAuth: () => void;
}

/** Names the operation in the URL outside production (backend-fetch.ts `queryUrl`). */
function withOperationInUrl(operation: Operation): Operation {
  if (operation.kind === "teardown") return operation;
  const url = queryUrl(getOperationName(operation.query));
  if (url === operation.context.url) return operation;
  return makeOperation(operation.kind, operation, { ...operation.context, url });
}

export function createUrqlClient({ ws, onMissingAuth }: UrqlClientOptions): Client {
  return new Client({
    url: queryUrl(null),
    fetch: backendFetch,
    // The contract is POST only; GET would also skip the CSRF header.
    preferGetMethod: false,
    exchanges: [
      mapExchange({
        onOperation: withOperationInUrl,
        onError(error, operation) {
          const name = getOperationName(operation.query) ?? "anonymous";
          for (const graphQLError of error.graphQLErrors) {
            // Typed as the domain's ErrorCode (only compared, never trusted): a misspelt code below
            // fails to compile, and the board's bundle gets no check function for it.
            const code = graphQLError.extensions["code"] as ErrorCode | undefined;
            if (code === "MISSING_AUTH") {
              log.info(`session timed out (${name})`);
              onMissingAuth();
            } else if (code === "MISSING_PERMISSION") {
              log.warn(`access denied (${name})`, graphQLError.message);
            } else {
              log.warn(`GraphQL error (${name})`, graphQLError.message);
            }
          }
          if (error.networkError) log.warn(`network error (${name})`, error.networkError.message);
        },
      }),
      cacheExchange,
      fetchExchange,
      subscriptionExchange({
        forwardSubscription(request) {
          const input = { ...request, query: request.query ?? "" };
          return {
            subscribe(sink) {
              const unsubscribe = ws.subscribe(input, sink);
              return { unsubscribe };
            },
          };
        },
      }),
    ],
  });
}
