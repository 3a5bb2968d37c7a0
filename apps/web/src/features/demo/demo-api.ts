import type { DemoTrigger } from "@caresuite/domain";
import { backendFetch } from "../../api/backend-fetch";
import { HttpStatusError, postLogin } from "../../api/rest";

/**
 * The demo's REST calls (spec §7 "Demo: POST /demo/call/trigger (call_type_id, section_id,
 * device_id, close); POST /demo/call/close; POST /demo/reset"). The server serves them beside
 * /backend, at /demo/..., and only in demo mode.
 */

export interface DemoRoom {
  id: number;
  name: string;
  text_long: string;
  /** The device the room's buttons press (its first bed). */
  device_id: number;
}

export interface DemoFloor {
  id: number;
  name: string;
  section_id: number | null;
  rooms: DemoRoom[];
}

/**
 * The demo site's administrator (README "Demo"; apps/server/src/modules/demo/demo-seed.ts).
 * spec "Reset demo": "logs in again and reloads".
 */
const DEMO_ADMIN = { username: "admin", password: "demo-admin" } as const;

async function demoRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await backendFetch(path, {
    ...init,
    headers: { Accept: "application/json", ...(init.body === undefined ? {} : { "Content-Type": "application/json" }) },
  });
  if (!response.ok) throw new HttpStatusError(response.status);
  return (await response.json()) as T;
}

const post = <T>(path: string, body: unknown = {}): Promise<T> => demoRequest<T>(path, { method: "POST", body: JSON.stringify(body) });

/** Floors 1. OG and 2. OG with their rooms (GET /demo/rooms, a demo-mode addition of ours). */
export async function fetchDemoFloors(signal?: AbortSignal): Promise<DemoFloor[]> {
  return (await demoRequest<{ ok: boolean; floors: DemoFloor[] }>("/demo/rooms", signal ? { signal } : {})).floors;
}

/** One button press's requests, one after the other (order matters: "presence closed, emergency sent"). */
export async function sendDemoTriggers(deviceId: number, triggers: readonly DemoTrigger[]): Promise<void> {
  for (const trigger of triggers) {
    await post<{ ok: boolean }>("/demo/call/trigger", { call_type_id: trigger.call_type_id, device_id: deviceId, close: trigger.close });
  }
}

export async function closeAllDemoCalls(): Promise<void> {
  await post<{ ok: boolean }>("/demo/call/close");
}

/** spec: "Reset demo ... logs in again and reloads" - the reload is the caller's. */
export async function resetDemo(): Promise<void> {
  await post<{ ok: boolean }>("/demo/reset");
  const login = await postLogin(DEMO_ADMIN.username, DEMO_ADMIN.password);
  if (!login.ok) throw new Error("demo login failed");
}
