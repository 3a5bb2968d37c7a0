import { connect as netConnect, type Socket } from "node:net";
import type { TunnelAuthMethod, TunnelFailure } from "@caresuite/domain";
import { Client, type ConnectConfig } from "ssh2";
import { sshFingerprint } from "./ssh-host-key.ts";

/**
 * The SSH side of remote access (docs/decisions/042-remote-access-tunnel.md), with ssh2: an
 * outbound connection to the support host whose host key must match the pinned fingerprint, and a
 * remote port forward (`tcpip-forward` on the host's loopback) whose connections are piped to this
 * server's HTTP port. Failures are classes (TunnelFailure), never the host's words; secrets are
 * never logged (ssh2's debug output stays off).
 */
export interface TunnelEndpoint {
  host: string;
  port: number;
  username: string;
  auth_method: TunnelAuthMethod;
  private_key: string;
  password: string;
  host_key_fingerprint: string;
  remote_port: number;
}

export interface OpenTunnel {
  /** Ends the forward and the connection (idempotent). */
  close(): void;
  /** Called once when the connection is lost without close() (network, host restart). */
  onLost(listener: (failure: TunnelFailure) => void): void;
}

export interface TunnelClientOptions {
  /** How long connecting, the key exchange and authentication may take. */
  readyTimeoutMs: number;
}

const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "ETIMEDOUT", "EAI_AGAIN", "ECONNRESET", "EADDRNOTAVAIL"]);

/** The failure class of an ssh2 or socket error. */
function failureOf(error: unknown): TunnelFailure {
  const e = error as { level?: string; code?: string };
  if (e.level === "client-authentication") return "auth_failed";
  if (e.level === "client-timeout") return "timeout";
  if (e.code && UNREACHABLE_CODES.has(e.code)) return "unreachable";
  if (e.level === "client-socket") return "unreachable";
  return "unknown";
}

function connectConfig(endpoint: TunnelEndpoint, options: TunnelClientOptions, hostVerifier: (key: Buffer) => boolean): ConnectConfig {
  const base: ConnectConfig = {
    host: endpoint.host,
    port: endpoint.port,
    username: endpoint.username,
    readyTimeout: options.readyTimeoutMs,
    keepaliveInterval: 15_000,
    keepaliveCountMax: 3,
    hostVerifier,
    // Only the chosen method: a stored password is not offered when the key is the method.
    tryKeyboard: false,
  };
  if (endpoint.auth_method === "password") return { ...base, password: endpoint.password };
  // With a key, the password is its passphrase: it opens the key here and never goes to the host
  // (ssh2 ignores it for a key without one).
  return { ...base, privateKey: endpoint.private_key, ...(endpoint.password !== "" ? { passphrase: endpoint.password } : {}) };
}

/** Where forwarded connections go: this server's HTTP listener. */
export interface TunnelTarget {
  host: string;
  port: number;
}

/**
 * The source address of forwarded connections to a loopback target: 127.0.0.2, not 127.0.0.1,
 * so that a technician coming through the tunnel never counts as this machine itself (metrics
 * readable from the loopback, a proxy trusted at 127.0.0.1). Linux routes all of 127/8 to the
 * loopback; where binding it fails the connection is made without it.
 */
export const TUNNEL_SOURCE_ADDRESS = "127.0.0.2";

/** Opens the local leg of a forwarded connection. */
function connectLocal(target: TunnelTarget, onReady: (socket: Socket) => void, onFail: () => void): Socket {
  const attempt = (localAddress: string | undefined): Socket => {
    const socket = netConnect({ host: target.host, port: target.port, ...(localAddress ? { localAddress } : {}) });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      socket.destroy();
      if (localAddress && error.code === "EADDRNOTAVAIL") attempt(undefined);
      else onFail();
    });
    socket.once("connect", () => {
      socket.removeAllListeners("error");
      onReady(socket);
    });
    return socket;
  };
  return attempt(target.host === "127.0.0.1" ? TUNNEL_SOURCE_ADDRESS : undefined);
}

/**
 * Connects, checks the host key against the pinned fingerprint, authenticates and asks the host
 * to forward its loopback `remote_port` here; each forwarded connection is piped to `target()`.
 * Resolves when the forward is in place, or with the failure class.
 */
export function openReverseTunnel(
  endpoint: TunnelEndpoint,
  target: () => TunnelTarget,
  options: TunnelClientOptions,
): Promise<{ tunnel: OpenTunnel } | { failure: TunnelFailure }> {
  return new Promise((resolve) => {
    const client = new Client();
    const sockets = new Set<Socket>();
    let keyChanged = false;
    let phase: "connecting" | "open" | "closed" = "connecting";
    let lostListener: ((failure: TunnelFailure) => void) | null = null;
    let lostFailure: TunnelFailure | null = null;

    const teardown = (): void => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      client.end();
    };
    const fail = (failure: TunnelFailure): void => {
      if (phase === "connecting") {
        phase = "closed";
        teardown();
        resolve({ failure });
      } else if (phase === "open") {
        phase = "closed";
        teardown();
        lostFailure = failure;
        lostListener?.(failure);
      }
    };

    client.on("error", (error) => fail(keyChanged ? "host_key_changed" : failureOf(error)));
    client.on("close", () => fail(keyChanged ? "host_key_changed" : phase === "open" ? "connection_lost" : "unreachable"));
    client.on("tcp connection", (_info, accept, reject) => {
      if (phase !== "open") {
        reject();
        return;
      }
      connectLocal(
        target(),
        (local) => {
          if (phase !== "open") {
            local.destroy();
            reject();
            return;
          }
          sockets.add(local);
          local.once("close", () => sockets.delete(local));
          const stream = accept();
          local.on("error", () => stream.destroy());
          stream.on("error", () => local.destroy());
          stream.pipe(local).pipe(stream);
        },
        () => reject(),
      );
    });
    client.on("ready", () => {
      // A host that never answers the forward request: give up after the same time as connecting.
      const forwardTimer = setTimeout(() => fail("timeout"), options.readyTimeoutMs);
      client.forwardIn("127.0.0.1", endpoint.remote_port, (error) => {
        clearTimeout(forwardTimer);
        if (phase !== "connecting") return;
        if (error) {
          fail("forward_refused");
          return;
        }
        phase = "open";
        resolve({
          tunnel: {
            close: () => {
              if (phase === "closed") return;
              phase = "closed";
              teardown();
            },
            onLost: (listener) => {
              lostListener = listener;
              if (lostFailure) listener(lostFailure);
            },
          },
        });
      });
    });
    try {
      client.connect(
        connectConfig(endpoint, options, (key: Buffer) => {
          // docs/decisions/042: a key other than the pinned one is refused.
          keyChanged = sshFingerprint(key) !== endpoint.host_key_fingerprint;
          return !keyChanged;
        }),
      );
    } catch {
      // ssh2 throws while reading a private key it cannot parse.
      fail("auth_failed");
    }
  });
}
