import { createHash } from "node:crypto";
import { Client } from "ssh2";

/**
 * Reading and pinning an SSH server's host key, shared by the remote-access tunnel
 * (docs/decisions/042-remote-access-tunnel.md) and the online backup's SFTP target
 * (docs/decisions/045-online-backup.md): both pin the key by OpenSSH's SHA256 fingerprint and
 * offer to read it at the first setup. It lives with the tunnel, where it began.
 */

/** OpenSSH's fingerprint of a raw host key: "SHA256:" and the unpadded base64 of its SHA-256. */
export function sshFingerprint(key: Buffer): string {
  return `SHA256:${createHash("sha256").update(key).digest("base64").replace(/=+$/, "")}`;
}

/** Why a host key could not be read: classes both features translate (never the host's words). */
export type HostKeyScanFailure = "unreachable" | "timeout" | "unknown";

const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "ETIMEDOUT", "EAI_AGAIN", "ECONNRESET", "EADDRNOTAVAIL"]);

/** The class of an ssh2 or socket error met before a host key was seen. */
function scanFailureOf(error: unknown): HostKeyScanFailure {
  const e = error as { level?: string; code?: string };
  if (e.level === "client-timeout") return "timeout";
  if (e.code && UNREACHABLE_CODES.has(e.code)) return "unreachable";
  if (e.level === "client-socket") return "unreachable";
  return "unknown";
}

/**
 * Reads the host key a server presents, without authenticating: the verifier records the key and
 * refuses to go on, so no secret is ever sent. For the admin to compare with what the host's
 * owner says, then pin.
 */
export function scanHostKey(
  target: { host: string; port: number },
  options: { readyTimeoutMs: number },
): Promise<{ fingerprint: string } | { failure: HostKeyScanFailure }> {
  return new Promise((resolve) => {
    const client = new Client();
    let fingerprint: string | null = null;
    let settled = false;
    const finish = (result: { fingerprint: string } | { failure: HostKeyScanFailure }): void => {
      if (settled) return;
      settled = true;
      client.end();
      resolve(result);
    };
    client.on("error", (error) => finish(fingerprint ? { fingerprint } : { failure: scanFailureOf(error) }));
    client.on("close", () => finish(fingerprint ? { fingerprint } : { failure: "unreachable" }));
    client.on("ready", () => finish(fingerprint ? { fingerprint } : { failure: "unknown" }));
    try {
      client.connect({
        host: target.host,
        port: target.port,
        username: "caresuite-host-key-scan",
        readyTimeout: options.readyTimeoutMs,
        hostVerifier: (key: Buffer) => {
          fingerprint = sshFingerprint(key);
          return false;
        },
      });
    } catch (error) {
      finish({ failure: scanFailureOf(error) });
    }
  });
}
