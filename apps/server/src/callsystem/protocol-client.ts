import { controllerConfigSchema, type ControllerConfig, type DeviceAction, type PressKind } from "@caresuite/protocol";

/**
 * HTTP side of the controller protocol (docs/protocol.md; the shapes: @caresuite/protocol):
 * firmware, configuration, device actions. The same client talks to the bundled virtual call
 * system and, later, to real controllers behind an adapter with the same shape.
 */
export interface ControllerAddress {
  host: string;
  port: number;
  username: string;
  password: string;
}

/**
 * What went wrong talking to a controller, as a class (ARCHITECTURE «Security rules»: "connection checks report a
 * failure class, never a remote body"): the address may name any host, and its answer is not ours
 * to show.
 */
export type ConnectionFailure = "unreachable" | "timeout" | "unauthorized" | "tls" | "not_a_controller" | "refused" | "controller_error";

/** The failure as the error message says it; "Unauthorized" is the spec's §8 wording. */
export const FAILURE_TEXT: Record<ConnectionFailure, string> = {
  unreachable: "unreachable",
  timeout: "timeout",
  unauthorized: "Unauthorized",
  tls: "TLS error",
  not_a_controller: "not a controller",
  refused: "request refused",
  controller_error: "the call system answered with an internal error (HTTP 5xx)",
};

/** A request body already serialised (a publish body of 20,000 nodes is not serialised twice). */
export class JsonText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

export class ControllerError extends Error {
  readonly status: number;
  readonly failure: ConnectionFailure;
  constructor(status: number, message: string, failure: ConnectionFailure = failureOfStatus(status)) {
    super(message);
    this.name = "ControllerError";
    this.status = status;
    this.failure = failure;
  }
}

function failureOfStatus(status: number): ConnectionFailure {
  if (status === 401) return "unauthorized";
  if (status >= 400 && status < 500) return "refused";
  return "not_a_controller";
}

/** The class of an error thrown by fetch (undici puts the system's code into `cause`). */
function failureOfFetchError(error: unknown): ConnectionFailure {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return "timeout";
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === "string" ? cause.code : "";
  if (code === "UND_ERR_CONNECT_TIMEOUT" || code === "ETIMEDOUT" || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") return "timeout";
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED)/.test(code) || code === "EPROTO") return "tls";
  // The host answered, but not in HTTP as a controller speaks it.
  if (code.startsWith("HPE_") || code.startsWith("UND_ERR_")) return "not_a_controller";
  return "unreachable";
}

/** The class of any error of a controller request: for logs and the link state, never remote text. */
export function failureOf(error: unknown): ConnectionFailure {
  return error instanceof ControllerError ? error.failure : failureOfFetchError(error);
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

export const authorization = (address: ControllerAddress): string => `Basic ${Buffer.from(`${address.username}:${address.password}`).toString("base64")}`;

/** The body as JSON, read up to `maxBytes` (a host that is no controller may send anything, endlessly). */
async function readJson(response: Response, maxBytes: number): Promise<unknown> {
  const text = await readText(response, maxBytes);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Never the parser's message: it quotes the body.
    throw new ControllerError(response.status, FAILURE_TEXT.not_a_controller, "not_a_controller");
  }
}

async function readText(response: Response, maxBytes: number): Promise<string> {
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new ControllerError(response.status, FAILURE_TEXT.not_a_controller, "not_a_controller");
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks).toString("utf8");
}

interface RequestOptions {
  body?: unknown;
  /** The answer's text as it came, unparsed. */
  raw?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

async function request<T>(address: ControllerAddress, method: "GET" | "POST", path: string, options: RequestOptions = {}): Promise<T> {
  const { body, raw = false, timeoutMs = 5000, maxBytes = 64 * 1024 * 1024 } = options;
  let response: Response;
  try {
    response = await fetch(`${baseUrl(address)}${path}`, {
      method,
      headers: { authorization: authorization(address), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : body instanceof JsonText ? body.text : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      // The credentials go to this address only, never where a redirect points.
      redirect: "manual",
    });
  } catch (error) {
    const failure = failureOfFetchError(error);
    throw new ControllerError(0, `connection failed: ${FAILURE_TEXT[failure]}`, failure);
  }
  if (!response.ok) {
    // A refusal (4xx) keeps the controller's words for the caller (unknown device, bad action);
    // anything else is named by its class only.
    const refusal = failureOfStatus(response.status) === "refused";
    const text = refusal ? (await response.text()).slice(0, 200) : "";
    if (!refusal) await response.body?.cancel();
    // A controller whose firmware failed answers 5xx in its own JSON (docs/protocol.md); a page
    // with a 5xx is some other host's.
    const failure =
      response.status >= 500 && response.status < 600 && (response.headers.get("content-type") ?? "").startsWith("application/json")
        ? "controller_error"
        : failureOfStatus(response.status);
    throw new ControllerError(response.status, refusal ? text || `HTTP ${response.status}` : FAILURE_TEXT[failure], failure);
  }
  return (raw ? await readText(response, maxBytes) : await readJson(response, maxBytes)) as T;
}

/** Firmware answers are a few bytes; more is no controller. */
const FIRMWARE_MAX_BYTES = 16 * 1024;
/** The column holds 64 characters. */
const VERSION_MAX_LENGTH = 64;

/**
 * The connection check (setup step 3, system parameters) and the link's first request. spec §8
 * setup: "'failed to fetch firmware version' with 'Unauthorized' maps to password ...": the
 * message is that prefix and the failure class (FAILURE_TEXT), never what the host answered.
 */
export async function fetchFirmwareVersion(address: ControllerAddress): Promise<string> {
  try {
    const body = await request<unknown>(address, "GET", "/api/firmware", { timeoutMs: 3000, maxBytes: FIRMWARE_MAX_BYTES });
    const version = body !== null && typeof body === "object" ? (body as { version?: unknown }).version : undefined;
    if (typeof version !== "string") throw new ControllerError(200, FAILURE_TEXT.not_a_controller, "not_a_controller");
    return version.slice(0, VERSION_MAX_LENGTH);
  } catch (error) {
    const failure = failureOf(error);
    // A 4xx other than 401 on the firmware path is no controller of ours either.
    const shown: ConnectionFailure = failure === "refused" ? "not_a_controller" : failure;
    throw new ControllerError(error instanceof ControllerError ? error.status : 0, `failed to fetch firmware version: ${FAILURE_TEXT[shown]}`, shown);
  }
}

/**
 * The configuration the controller runs, checked against the protocol: a configuration of
 * another shape is not imported at all (the link retries), never half.
 */
export async function fetchControllerConfig(address: ControllerAddress): Promise<ControllerConfig> {
  return parseControllerConfig(await request<unknown>(address, "GET", "/api/config", { timeoutMs: 15_000 }));
}

/** The configuration as the controller sent it, unparsed (parsed in a worker: theirs-off-thread.ts). */
export function fetchControllerConfigText(address: ControllerAddress): Promise<string> {
  return request<string>(address, "GET", "/api/config", { timeoutMs: 15_000, raw: true });
}

/** A controller's configuration, or not a controller's answer (named by its class: the issues would quote the remote body). */
export function parseControllerConfig(body: unknown): ControllerConfig {
  const parsed = controllerConfigSchema.safeParse(body);
  if (!parsed.success) throw new ControllerError(200, FAILURE_TEXT.not_a_controller, "not_a_controller");
  return parsed.data;
}

export async function sendControllerAction(address: ControllerAddress, deviceId: number, action: DeviceAction, sectionId: number | null): Promise<boolean> {
  const body = await request<{ success?: unknown }>(address, "POST", `/api/devices/${deviceId}/actions`, {
    body: { action, ...(sectionId === null ? {} : { section_id: sectionId }) },
  });
  return body.success === true;
}

/** Demo and test input of the virtual call system (docs/protocol.md "Press"); real controllers have none. */
export async function pressControllerDevice(address: ControllerAddress, deviceId: number, kind: PressKind, callTypeId?: number): Promise<void> {
  await request(address, "POST", `/api/devices/${deviceId}/press`, { body: { kind, ...(callTypeId === undefined ? {} : { call_type_id: callTypeId }) } });
}

/** The controller's journal identity and position (docs/protocol.md "Journal identity"). */
export async function fetchJournalState(address: ControllerAddress): Promise<{ journal_id: string | null; last_seq: number }> {
  const body = await request<{ journal_id?: unknown; last_seq?: unknown }>(address, "GET", "/api/journal?from=0&limit=1");
  return {
    journal_id: typeof body.journal_id === "string" ? body.journal_id : null,
    last_seq: typeof body.last_seq === "number" ? body.last_seq : 0,
  };
}

/** A publish job as the controller reports it (docs/protocol.md "Publishing"). */
export interface ControllerPublishJob {
  job_id: string;
  step: string;
  progress: number;
  error?: string;
  detail?: string;
  revision?: number;
}

/**
 * Starts a publish of a whole configuration (docs/protocol.md "Publishing"): the job id, or a
 * ControllerError (409 while another publish runs at the controller).
 */
export async function startControllerPublish(address: ControllerAddress, body: unknown): Promise<string> {
  const answer = await request<{ job_id?: unknown }>(address, "POST", "/api/config/publish", { body, timeoutMs: 30_000 });
  if (typeof answer.job_id !== "string") throw new ControllerError(200, FAILURE_TEXT.not_a_controller, "not_a_controller");
  return answer.job_id;
}

export async function fetchControllerPublishJob(address: ControllerAddress, jobId: string): Promise<ControllerPublishJob> {
  const job = await request<Partial<ControllerPublishJob>>(address, "GET", `/api/config/publish/${encodeURIComponent(jobId)}`, { maxBytes: 64 * 1024 });
  return {
    job_id: jobId,
    step: typeof job.step === "string" ? job.step : "init",
    progress: typeof job.progress === "number" ? job.progress : 0,
    ...(typeof job.error === "string" ? { error: job.error.slice(0, 200) } : {}),
    ...(typeof job.detail === "string" ? { detail: job.detail.slice(0, 500) } : {}),
    ...(typeof job.revision === "number" ? { revision: job.revision } : {}),
  };
}
