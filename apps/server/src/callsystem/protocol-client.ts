/**
 * HTTP side of the controller protocol (docs/protocol.md): firmware, configuration, device
 * actions. The same client talks to the bundled virtual call system and, later, to real
 * controllers behind an adapter with the same shape.
 */
export interface ControllerAddress {
  host: string;
  port: number;
  username: string;
  password: string;
}

export class ControllerError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = "ControllerError";
    this.status = status;
  }
}

/** The controller understood the request and refused it (unknown device, bad action): the caller's input, not a fault. */
export function isControllerRefusal(error: unknown): error is ControllerError {
  return error instanceof ControllerError && error.status >= 400 && error.status < 500 && error.status !== 401;
}

/** The controller's own words of a refusal ({"error": "..."}), or its text. */
export function refusalMessage(error: ControllerError): string {
  try {
    const body = JSON.parse(error.message) as { error?: unknown };
    return typeof body.error === "string" ? body.error : error.message;
  } catch {
    return error.message;
  }
}

export const baseUrl = (address: ControllerAddress): string => `http://${address.host}:${address.port}`;

export const authorization = (address: ControllerAddress): string =>
  `Basic ${Buffer.from(`${address.username}:${address.password}`).toString("base64")}`;

async function request<T>(address: ControllerAddress, method: "GET" | "POST", path: string, body?: unknown, timeoutMs = 5000): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl(address)}${path}`, {
      method,
      headers: { authorization: authorization(address), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new ControllerError(0, `connection failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) {
    const text = (await response.text()).slice(0, 200);
    throw new ControllerError(response.status, response.status === 401 ? "Unauthorized" : text || `HTTP ${response.status}`);
  }
  return (await response.json()) as T;
}

/** spec §8 setup: "'failed to fetch firmware version' with 'Unauthorized' maps to password ...". */
export async function fetchFirmwareVersion(address: ControllerAddress): Promise<string> {
  try {
    const body = await request<{ version?: unknown }>(address, "GET", "/api/firmware", undefined, 3000);
    return typeof body.version === "string" ? body.version : "unknown";
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ControllerError(error instanceof ControllerError ? error.status : 0, `failed to fetch firmware version: ${reason}`);
  }
}

export function fetchControllerConfig(address: ControllerAddress): Promise<ControllerConfig> {
  return request<ControllerConfig>(address, "GET", "/api/config", undefined, 15_000);
}

export const DEVICE_ACTIONS = ["EndCalls", "IgnoreDefects", "Mute", "Restart", "Unmute"] as const;
export type DeviceAction = (typeof DEVICE_ACTIONS)[number];

export async function sendControllerAction(address: ControllerAddress, deviceId: number, action: DeviceAction, sectionId: number | null): Promise<boolean> {
  const body = await request<{ success?: unknown }>(address, "POST", `/api/devices/${deviceId}/actions`, {
    action,
    ...(sectionId === null ? {} : { section_id: sectionId }),
  });
  return body.success === true;
}

/** The configuration as the controller reports it (docs/protocol.md "Configuration"). */
export interface ControllerConfig {
  revision: number;
  system_tree: Record<string, unknown>[];
  sections: Record<string, unknown>[];
  call_types: Record<string, unknown>[];
  call_sources: Record<string, unknown>[];
  schedules: Record<string, unknown>[];
  display_groups: Record<string, unknown>[];
  display_group_connections: Record<string, unknown>[];
  hubs: Record<string, unknown>[];
}

/** Demo and test input of the virtual call system (docs/protocol.md "Press"); real controllers have none. */
export async function pressControllerDevice(address: ControllerAddress, deviceId: number, kind: "alert" | "presence" | "emergency" | "cancel", callTypeId?: number): Promise<void> {
  await request(address, "POST", `/api/devices/${deviceId}/press`, { kind, ...(callTypeId === undefined ? {} : { call_type_id: callTypeId }) });
}

/** The controller's journal identity and position (docs/protocol.md "Journal identity"). */
export async function fetchJournalState(address: ControllerAddress): Promise<{ journal_id: string | null; last_seq: number }> {
  const body = await request<{ journal_id?: unknown; last_seq?: unknown }>(address, "GET", "/api/journal?from=0&limit=1");
  return {
    journal_id: typeof body.journal_id === "string" ? body.journal_id : null,
    last_seq: typeof body.last_seq === "number" ? body.last_seq : 0,
  };
}
