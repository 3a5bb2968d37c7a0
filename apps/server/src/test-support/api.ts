import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { REQUEST_HEADER, SYSTEM_HEADER } from "@caresuite/domain";

type Response = LightMyRequestResponse;

/** A small API client over app.inject that keeps the session cookie, like a browser. */
export class TestClient {
  cookie = "";
  system = "01";
  language = "de";
  /** The address requests come from (app.inject's default is 127.0.0.1). */
  remoteAddress: string | undefined = undefined;
  readonly app: FastifyInstance;

  constructor(app: FastifyInstance) {
    this.app = app;
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      [SYSTEM_HEADER]: this.system,
      "accept-language": this.language,
      [REQUEST_HEADER]: "1",
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...extra,
    };
  }

  private keepCookie(response: Response): void {
    const set = response.cookies.find((c) => c.name === "cs_session");
    if (set) this.cookie = set.value ? `cs_session=${set.value}` : "";
  }

  async post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const response = await this.app.inject({
      method: "POST",
      url,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
      headers: this.headers({ "content-type": "application/json", ...headers }),
      payload: typeof body === "string" ? body : JSON.stringify(body),
    });
    this.keepCookie(response);
    return response;
  }

  async login(username: string, password: string): Promise<Response> {
    return this.post("/backend/login", { username, password });
  }

  /** Runs a GraphQL operation and returns its parsed body. */
  async gql<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<{ data: T | null; errors?: { message: string; extensions?: Record<string, unknown> }[] }> {
    const response = await this.post("/backend/query", { query, variables });
    return response.json();
  }

  /**
   * Runs a GraphQL operation as a multipart request (GraphQL multipart request spec), the way
   * the web client uploads: each file goes to the variable of its name.
   */
  async gqlUpload<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown>,
    files: Record<string, { name: string; type: string; content: Uint8Array }>,
  ): Promise<{ data: T | null; errors?: { message: string; extensions?: Record<string, unknown> }[] }> {
    const form = new FormData();
    const names = Object.keys(files);
    form.append("operations", JSON.stringify({ query, variables: { ...variables, ...Object.fromEntries(names.map((n) => [n, null])) } }));
    form.append("map", JSON.stringify(Object.fromEntries(names.map((n, i) => [String(i), [`variables.${n}`]]))));
    names.forEach((n, i) => {
      const file = files[n];
      if (file) form.append(String(i), new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
    });
    // Request encodes the form exactly as a browser would (boundary in the content type).
    const encoded = new Request("http://test.invalid/", { method: "POST", body: form });
    const response = await this.app.inject({
      method: "POST",
      url: "/backend/query",
      headers: this.headers({ "content-type": encoded.headers.get("content-type") ?? "" }),
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    this.keepCookie(response);
    return response.json();
  }

  /** A GET request with the session, system and language headers. */
  async get(url: string): Promise<Response> {
    const response = await this.app.inject({ method: "GET", url, headers: this.headers() });
    this.keepCookie(response);
    return response;
  }
}
