import {
  Client,
  cacheExchange,
  fetchExchange,
  getOperationName,
  makeOperation,
  mapExchange,
  subscriptionExchange,
  type Operation,
} from "@urql/core";
import { BACKEND_BASE, backendFetch } from "./backend-fetch";
import { log } from "./log";
import type { RestartableWsClient } from "./ws-client";

/** AppData handles its own errors (spec §8: "In AppData it [MISSING_AUTH] is ignored"). */
export const APP_DATA_OPERATION = "AppData";

export interface UrqlClientOptions {
  ws: RestartableWsClient;
  /** Called when an operation other than AppData reports MISSING_AUTH. */
  onMissingAuth: () => void;
}

/**
 * Outside production the operation name goes into the URL (spec §7) so the network panel and
 * server logs show which operation a request is.
 */
function withOperationInUrl(operation: Operation): Operation {
  if (import.meta.env.PROD || operation.kind === "teardown") return operation;
  const name = getOperationName(operation.query);
  const url = operation.context.url;
  if (!name || url.includes("?op=")) return operation;
  return makeOperation(operation.kind, operation, {
    ...operation.context,
    url: `${url}?op=${encodeURIComponent(name)}`,
  });
}

export function createUrqlClient({ ws, onMissingAuth }: UrqlClientOptions): Client {
  return new Client({
    url: `${BACKEND_BASE}/query`,
    fetch: backendFetch,
    // The contract is POST only; GET would also skip the CSRF header.
    preferGetMethod: false,
    exchanges: [
      mapExchange({
        onOperation: withOperationInUrl,
        onError(error, operation) {
          const name = getOperationName(operation.query) ?? "anonymous";
          for (const graphQLError of error.graphQLErrors) {
            const code = graphQLError.extensions["code"];
            if (code === "MISSING_AUTH") {
              // spec §8: "In AppData it is ignored" (anonymous visitors load it too).
              if (name === APP_DATA_OPERATION) continue;
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
