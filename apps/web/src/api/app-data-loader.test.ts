import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadAppData, setSessionHint } from "./app-data-loader";
import { httpFailure } from "./status";
import { REQUEST_HEADER, SYSTEM_HEADER } from "@caresuite/domain";

// AppData goes over plain HTTP (api/plain-query.ts), so its rules are checked here against a
// stand-in for the server's /backend/query: what the page sends, and what it makes of answers.
// spec §7: "AppData(hasSession: Boolean!) … no cache, errors ignored"; spec §8: MISSING_AUTH
// "In AppData it is ignored".

interface Sent {
  url: string;
  headers: Headers;
  body: { query: string; operationName: string; variables: { hasSession: boolean } };
}

const USER = {
  id: 7,
  name: "Anna Pflege",
  username: "pflege",
  locale: "de",
  homepage: null,
  is_superuser: false,
  is_ldap: false,
  password_is_temporary: false,
  system_access: [1],
  emails: [],
  permissions: [],
  write_permissions: [],
  roles: [],
};

let sent: Sent[];
let answer: (request: Sent) => Response | Promise<Response>;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

beforeEach(() => {
  sent = [];
  const storage = new Map<string, string>();
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
  });
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const request: Sent = { url, headers: new Headers(init.headers), body: JSON.parse(String(init.body)) as Sent["body"] };
    sent.push(request);
    return answer(request);
  });
  httpFailure.set(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("loadAppData over plain HTTP", () => {
  it("posts the AppData query with the CSRF and system headers", async () => {
    answer = () => json({ data: { authUser: null, systems: [{ id: 1, name: "Haus A" }] } });
    const data = await loadAppData(() => undefined);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toMatch(/^\/backend\/query/);
    expect(sent[0]?.body.operationName).toBe("AppData");
    expect(sent[0]?.body.query).toContain("query AppData($hasSession: Boolean!)");
    expect(sent[0]?.headers.get(REQUEST_HEADER)).toBe("1");
    expect(sent[0]?.headers.get(SYSTEM_HEADER)).not.toBeNull();
    expect(data?.systems).toEqual([{ id: 1, name: "Haus A" }]);
  });

  it("gives an anonymous visitor the anonymous user, ignoring MISSING_AUTH without a notice", async () => {
    answer = () => json({ data: { authUser: null }, errors: [{ message: "x", extensions: { code: "MISSING_AUTH" } }] });
    const onError = vi.fn();
    const data = await loadAppData(onError);
    expect(data?.user.id).toBe(0);
    expect(onError).not.toHaveBeenCalled();
  });

  it("asks again without the session-only fields when a remembered session has ended", async () => {
    setSessionHint(true);
    answer = (request) =>
      request.body.variables.hasSession
        ? json({ data: null, errors: [{ message: "signed out", extensions: { code: "MISSING_AUTH" } }] })
        : json({ data: { authUser: null } });
    const data = await loadAppData(() => undefined);
    expect(sent.map((r) => r.body.variables.hasSession)).toEqual([true, false]);
    expect(data?.user.id).toBe(0);
  });

  it("asks again with the session-only fields when a session turns up unannounced", async () => {
    answer = (request) =>
      json({
        data: {
          authUser: USER,
          ...(request.body.variables.hasSession ? { globalSettings: { battery_threshold_low: 40, battery_threshold_critical: 20, locale: null } } : {}),
        },
      });
    const data = await loadAppData(() => undefined);
    expect(sent.map((r) => r.body.variables.hasSession)).toEqual([false, true]);
    expect(data?.user.username).toBe("pflege");
    expect(data?.globalSettings?.battery_threshold_low).toBe(40);
  });

  it("raises the one generic notice for an unexpected error and keeps the partial data", async () => {
    answer = () => json({ data: { systems: [{ id: 1, name: "Haus A" }] }, errors: [{ message: "boom", extensions: { code: "INTERNAL" } }] });
    const onError = vi.fn();
    const data = await loadAppData(onError);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(data?.systems).toHaveLength(1);
  });

  it("returns nothing on a network failure and leaves the report to the HTTP error popup", async () => {
    answer = () => Promise.reject(new TypeError("Failed to fetch"));
    const onError = vi.fn();
    expect(await loadAppData(onError)).toBeNull();
    expect(onError).not.toHaveBeenCalled();
    expect(httpFailure.get()).toEqual({ kind: "network" });
  });

  it("returns nothing for a 5xx page that is not JSON, reported as a server failure", async () => {
    answer = () => new Response("<html>Bad Gateway</html>", { status: 502 });
    expect(await loadAppData(() => undefined)).toBeNull();
    expect(httpFailure.get()).toEqual({ kind: "server", status: 502 });
  });
});
