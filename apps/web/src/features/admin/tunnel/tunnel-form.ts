import { fieldErrors, tunnelSettingsSchema, type TunnelAuthMethod, type TunnelSettingsInput } from "@caresuite/domain";
import { firstFieldErrors, type FieldError } from "../../../api/errors";

/** The form's values: ports as the inputs' strings or numbers ("" while empty). */
export interface TunnelFormValues {
  host: string;
  port: number | string;
  username: string;
  auth_method: TunnelAuthMethod;
  private_key: string;
  password: string;
  /** The key's passphrase (key method): sent in the input's `password`, never to the support host. */
  passphrase: string;
  host_key_fingerprint: string;
  remote_port: number | string;
}

export interface StoredTunnelSettings {
  host: string;
  port: number;
  username: string;
  auth_method: string;
  has_private_key: boolean;
  has_password: boolean;
  host_key_fingerprint: string;
  remote_port: number;
}

export const TUNNEL_FIELD_NAMES: ReadonlySet<string> = new Set([
  "host",
  "port",
  "username",
  "auth_method",
  "private_key",
  "password",
  "host_key_fingerprint",
  "remote_port",
]);

export function tunnelValues(stored: StoredTunnelSettings): TunnelFormValues {
  return {
    host: stored.host,
    port: stored.port,
    username: stored.username,
    auth_method: stored.auth_method === "password" ? "password" : "key",
    // Never sent to the browser: the fields start empty, "set" says whether one is stored.
    private_key: "",
    password: "",
    passphrase: "",
    host_key_fingerprint: stored.host_key_fingerprint,
    remote_port: stored.remote_port,
  };
}

const portOf = (value: number | string): number => (typeof value === "number" ? value : value.trim() === "" ? Number.NaN : Number(value));

/** The input the server takes (the same schema checks it on both sides); only the chosen method's secret is sent. */
export function tunnelInput(values: TunnelFormValues): TunnelSettingsInput {
  const { passphrase, ...rest } = values;
  return {
    ...rest,
    port: portOf(values.port),
    remote_port: portOf(values.remote_port),
    private_key: values.auth_method === "key" ? values.private_key : "",
    // With the key method the server reads `password` as the key's passphrase.
    password: values.auth_method === "password" ? values.password : passphrase,
  };
}

/** The shared schema's errors, first per field. */
export function tunnelErrors(input: TunnelSettingsInput): Record<string, FieldError> {
  const parsed = tunnelSettingsSchema.safeParse(input);
  return parsed.success ? {} : firstFieldErrors(fieldErrors(parsed.error));
}
