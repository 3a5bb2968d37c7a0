import { JSON_POST_HEADERS, SYSTEM_HEADER } from "@caresuite/domain/api-contract";

/**
 * The one way browser tests and benchmarks (bench/ imports this file) talk to a running server's
 * API: GraphQL with or without a session, the first run, and the demo server's REST endpoints.
 * Data is seeded through these, as an administrator or the demo would, not through server internals.
 */

type GraphQLErrorBody = { message: string; extensions?: { code?: unknown } };

/** A GraphQL answer with errors; `codes` are the server's `extensions.code` (ARCHITECTURE «Contract rules»), `errors` the raw list. */
export class GraphQLRequestError extends Error {
  readonly codes: string[];
  readonly errors: GraphQLErrorBody[];
  constructor(codes: string[], errors: GraphQLErrorBody[]) {
    super(`GraphQL failed [${codes.join(", ")}]: ${JSON.stringify(errors)}`);
    this.codes = codes;
    this.errors = errors;
  }
}

type GraphQLAnswer<T> = { data?: T | null; errors?: GraphQLErrorBody[] };

/** The data of a GraphQL answer; throws GraphQLRequestError when it has errors (also for answers from app.inject). */
export function dataOf<T>(answer: GraphQLAnswer<T>): T {
  if (answer.errors?.length || !answer.data) {
    const errors = answer.errors ?? [];
    throw new GraphQLRequestError(
      errors.map((error) => String(error.extensions?.code ?? "UNKNOWN")),
      errors,
    );
  }
  return answer.data;
}

export interface ApiClient {
  readonly baseUrl: string;
  /** Runs a query or mutation; throws GraphQLRequestError on any error, so `data` is always whole. */
  query<T>(query: string, variables?: Record<string, unknown>): Promise<T>;
}

/**
 * A GraphQL client for `baseUrl`: every POST carries the CSRF header and X-CS-System (system "01"
 * unless given), and `cookie` (a session from signInApi) when there is one.
 */
export function apiClient(baseUrl: string, options: { cookie?: string; system?: string } = {}): ApiClient {
  const headers = { ...JSON_POST_HEADERS, [SYSTEM_HEADER]: options.system ?? "01", ...(options.cookie ? { cookie: options.cookie } : {}) };
  return {
    baseUrl,
    async query<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
      const response = await fetch(`${baseUrl}/backend/query`, { method: "POST", headers, body: JSON.stringify({ query, variables }) });
      return dataOf((await response.json()) as GraphQLAnswer<T>);
    },
  };
}

/** A GraphQL call without a session (setup mutations are open until a user exists; public queries). */
export async function graphql<T>(baseUrl: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return apiClient(baseUrl).query<T>(query, variables);
}

/** Signs in through POST /backend/login (the REST login the web uses) and returns a client holding the session cookie. */
export async function signInApi(baseUrl: string, username: string, password: string): Promise<ApiClient> {
  const response = await fetch(`${baseUrl}/backend/login`, { method: "POST", headers: JSON_POST_HEADERS, body: JSON.stringify({ username, password }) });
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("cs_session="))
    ?.split(";")[0];
  if (!cookie) throw new Error(`login of ${username} failed: HTTP ${response.status} ${await response.text()}`);
  return apiClient(baseUrl, { cookie });
}

/**
 * The first run as the setup wizard does it, through the API: the configurator (when
 * `controllerPort` names a call system to connect to), the initial user, finishSetup (
 * without it /login sends to /setup), then a sign-in as that user.
 */
export async function completeFirstRun(
  baseUrl: string,
  user: { username: string; password: string; locale?: string; controllerPort?: number },
): Promise<ApiClient> {
  if (user.controllerPort !== undefined) {
    await graphql(
      baseUrl,
      `
        mutation ($port: Int) {
          createInitialConfigurator(ip: "127.0.0.1", username: "admin", password: "admin", tcp_port: $port) {
            id
          }
        }
      `,
      {
        port: user.controllerPort,
      },
    );
  }
  await graphql(baseUrl, "mutation($u: String!, $p: String!, $l: String!) { createInitialUser(username: $u, password: $p, locale: $l) { id } }", {
    u: user.username,
    p: user.password,
    l: user.locale ?? "de",
  });
  await graphql(baseUrl, "mutation { finishSetup }");
  return signInApi(baseUrl, user.username, user.password);
}

/** The call systems of GET /backend/health: is the server linked to its controller? */
export async function callSystemConnected(baseUrl: string): Promise<boolean> {
  const health = (await (await fetch(`${baseUrl}/backend/health`)).json()) as { callsystems: { connected: boolean }[] };
  return health.callsystems.some((system) => system.connected);
}

/** spec §7 "POST /demo/call/trigger (call_type_id, section_id, device_id, close)" on a demo server; throws unless it succeeded. */
export async function demoTrigger(baseUrl: string, device_id: number, call_type_id: number, close = false): Promise<void> {
  const response = await fetch(`${baseUrl}/demo/call/trigger`, {
    method: "POST",
    headers: JSON_POST_HEADERS,
    body: JSON.stringify({ device_id, call_type_id, ...(close ? { close: true } : {}) }),
  });
  if (response.status !== 200) throw new Error(`demo trigger ${device_id}/${call_type_id}: HTTP ${response.status} ${await response.text()}`);
}

/** POST /demo/call/close on a demo server: closes every open call. */
export async function demoCloseAll(baseUrl: string): Promise<void> {
  await fetch(`${baseUrl}/demo/call/close`, { method: "POST", headers: JSON_POST_HEADERS, body: "{}" });
}

type DemoFloor = { rooms: { device_id: number }[] };

/** The floors of GET /demo/rooms; empty until the demo's configuration is imported. */
export async function demoFloors<Floor extends DemoFloor = DemoFloor>(baseUrl: string): Promise<Floor[]> {
  return ((await (await fetch(`${baseUrl}/demo/rooms`)).json()) as { floors?: Floor[] }).floors ?? [];
}
