import { posix } from "node:path";
import { join } from "node:path";
import { backupsBeyondRetention, tokenIsPrivateKey, type OnlineBackupFailure, type SftpLocation } from "@caresuite/domain";
import { Client, type ConnectConfig, type SFTPWrapper } from "ssh2";
import { listFiles } from "../backups/backup-store.ts";
import { sshFingerprint } from "../tunnel/ssh-host-key.ts";

/**
 * The SFTP side of online backup (docs/decisions/045-online-backup.md), with ssh2 like the tunnel:
 * the host key must match the pinned fingerprint, the backup is written into `<name>.partial` and
 * renamed to `<name>` when every file is there (a half upload never looks complete), and the
 * oldest remote backups beyond the retention count go. Failures are classes, never the host's
 * words; the token is never logged.
 */
export interface SftpTarget extends SftpLocation {
  host_key_fingerprint: string;
  /** A private key (OpenSSH/PEM) or a password. */
  token: string;
}

export class OnlineBackupError extends Error {
  readonly failure: OnlineBackupFailure;
  constructor(failure: OnlineBackupFailure) {
    super(`online backup failed: ${failure}`);
    this.failure = failure;
  }
}

const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "ETIMEDOUT", "EAI_AGAIN", "ECONNRESET", "EADDRNOTAVAIL"]);

function failureOf(error: unknown): OnlineBackupFailure {
  const e = error as { level?: string; code?: string };
  if (e.level === "client-authentication") return "login_failure";
  if (e.level === "client-timeout") return "timeout";
  if (e.code && UNREACHABLE_CODES.has(e.code)) return "unreachable";
  if (e.level === "client-socket") return "unreachable";
  return "unknown";
}

/** Connects (host key checked) and opens an SFTP session; the caller ends the client. */
function openSftp(target: SftpTarget, readyTimeoutMs: number): Promise<{ client: Client; sftp: SFTPWrapper }> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    let keyChanged = false;
    let settled = false;
    const fail = (failure: OnlineBackupFailure): void => {
      if (settled) return;
      settled = true;
      client.end();
      reject(new OnlineBackupError(failure));
    };
    client.on("error", (error) => fail(keyChanged ? "host_key_changed" : failureOf(error)));
    client.on("close", () => fail(keyChanged ? "host_key_changed" : "unreachable"));
    client.on("ready", () => {
      client.sftp((error, sftp) => {
        if (error) return fail("remote_unwritable");
        settled = true;
        resolve({ client, sftp });
      });
    });
    const base: ConnectConfig = {
      host: target.host,
      port: target.port,
      username: target.username,
      readyTimeout: readyTimeoutMs,
      tryKeyboard: false,
      hostVerifier: (key: Buffer) => {
        keyChanged = sshFingerprint(key) !== target.host_key_fingerprint;
        return !keyChanged;
      },
    };
    try {
      client.connect(tokenIsPrivateKey(target.token) ? { ...base, privateKey: target.token } : { ...base, password: target.token });
    } catch {
      // ssh2 throws while reading a private key it cannot parse.
      fail("login_failure");
    }
  });
}

const call = <T>(run: (cb: (error: Error | null | undefined, value?: T) => void) => void): Promise<T> =>
  new Promise((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value as T))));

async function exists(sftp: SFTPWrapper, path: string): Promise<boolean> {
  try {
    await call((cb) => sftp.stat(path, cb));
    return true;
  } catch {
    return false;
  }
}

async function mkdirs(sftp: SFTPWrapper, path: string): Promise<void> {
  if (path === "" || path === "/" || path === "." || (await exists(sftp, path))) return;
  await mkdirs(sftp, posix.dirname(path));
  await call((cb) => sftp.mkdir(path, cb)).catch(async (error: unknown) => {
    if (!(await exists(sftp, path))) throw error;
  });
}

async function removeTree(sftp: SFTPWrapper, path: string): Promise<void> {
  const entries = await call<{ filename: string; attrs: { isDirectory(): boolean } }[]>((cb) => sftp.readdir(path, cb));
  for (const entry of entries) {
    const child = posix.join(path, entry.filename);
    if (entry.attrs.isDirectory()) await removeTree(sftp, child);
    else await call((cb) => sftp.unlink(child, cb));
  }
  await call((cb) => sftp.rmdir(path, cb));
}

/**
 * Uploads the finished backup folder `localPath` to `<folder>/<name>/` and keeps `retention`
 * remote backups. Throws OnlineBackupError.
 */
export async function uploadBackup(
  target: SftpTarget,
  backup: { name: string; path: string },
  retention: number,
  options: { readyTimeoutMs: number },
): Promise<void> {
  const { client, sftp } = await openSftp(target, options.readyTimeoutMs);
  try {
    const root = target.folder === "" ? "." : target.folder;
    const partial = posix.join(root, `${backup.name}.partial`);
    const final = posix.join(root, backup.name);
    try {
      await mkdirs(sftp, root);
      if (await exists(sftp, partial)) await removeTree(sftp, partial);
      await call((cb) => sftp.mkdir(partial, cb));
      for (const file of await listFiles(backup.path)) {
        const remote = posix.join(partial, file);
        await mkdirs(sftp, posix.dirname(remote));
        await call((cb) => sftp.fastPut(join(backup.path, file), remote, cb));
      }
      if (await exists(sftp, final)) await removeTree(sftp, final);
      await call((cb) => sftp.rename(partial, final, cb));
      const names = (await call<{ filename: string }[]>((cb) => sftp.readdir(root, cb))).map((e) => e.filename);
      for (const old of backupsBeyondRetention(names, retention)) await removeTree(sftp, posix.join(root, old));
    } catch (error) {
      if (error instanceof OnlineBackupError) throw error;
      throw new OnlineBackupError("remote_unwritable");
    }
  } finally {
    client.end();
  }
}
