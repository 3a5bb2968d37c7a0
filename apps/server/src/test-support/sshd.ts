import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

/**
 * A real OpenSSH server (Debian's sshd) for the remote-access tunnel tests and, later, SFTP
 * backups: its own temporary config (sshd -D -f), host and user keys made with ssh-keygen, a free
 * port on 127.0.0.1, run as the current user (no PAM, no strict modes). TCP forwarding is allowed
 * with `GatewayPorts no` (forwarded ports listen on the loopback only); the SFTP subsystem is
 * `internal-sftp`. `scripts/test-all.mjs` installs the package (ensureSshd) as it does slapd.
 * Besides the plain user key: a passphrase-protected one, and (as root) a temporary account that
 * signs in with a password.
 */
export const SSHD_BIN = process.env.SSHD_PATH ?? "/usr/sbin/sshd";
const PRIVSEP_DIR = "/run/sshd";

export interface TestSshd {
  host: "127.0.0.1";
  port: number;
  /** The account the server accepts: the user running the tests. */
  username: string;
  /** The user key (OpenSSH private key text) authorised for `username`. */
  privateKey: string;
  /** A second user key that is not authorised (wrong credentials). */
  otherPrivateKey: string;
  /** An authorised user key protected by `keyPassphrase` (OpenSSH format, bcrypt KDF). */
  encryptedPrivateKey: string;
  keyPassphrase: string;
  /**
   * An account that signs in with a password (and nothing else), or null when the tests do not
   * run as root: sshd checks passwords against the system's accounts, so the helper makes a
   * temporary one (no shell, its home in `dir`) and removes it in close().
   */
  passwordUser: { username: string; password: string; home: string } | null;
  /** The host key's fingerprint as OpenSSH prints it ("SHA256:…"). */
  hostKeyFingerprint: string;
  /** A temporary folder the tests may use (e.g. the SFTP root of a backup test). */
  dir: string;
  /** Ends every open SSH session (the listener's child processes) while sshd keeps listening: a lost connection. */
  dropConnections(): void;
  /** Replaces the host key (the "support host's key changed" case); restarts sshd. */
  rotateHostKey(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function sshdAvailable(): boolean {
  return existsSync(SSHD_BIN) && spawnSync("ssh-keygen", ["-?"]).error === undefined;
}

/** A port nobody listens on now (127.0.0.1). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: "127.0.0.1", port });
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`sshd did not listen on ${port} within ${timeoutMs} ms`);
}

function keygen(file: string, comment: string, passphrase = ""): void {
  rmSync(file, { force: true });
  rmSync(`${file}.pub`, { force: true });
  execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", passphrase, "-C", comment, "-f", file], { stdio: "ignore" });
}

/**
 * A temporary system account with a password, for password sign-in (root only): no shell
 * (nologin; port forwarding and internal-sftp need none), its home in `home`. Null when it cannot
 * be made (not root, no useradd).
 */
function createPasswordUser(home: string): { username: string; password: string; home: string } | null {
  if (process.getuid?.() !== 0) return null;
  const username = `cs-ssh-${randomBytes(4).toString("hex")}`;
  const password = `pw-${randomBytes(12).toString("base64url")}`;
  const made = spawnSync("useradd", ["--system", "--no-create-home", "--home-dir", home, "--shell", "/usr/sbin/nologin", username], { stdio: "ignore" });
  if (made.error || made.status !== 0) return null;
  const set = spawnSync("chpasswd", [], { input: `${username}:${password}\n`, stdio: ["pipe", "ignore", "ignore"] });
  if (set.error || set.status !== 0) {
    spawnSync("userdel", [username], { stdio: "ignore" });
    return null;
  }
  const ids = /uid=(\d+).*gid=(\d+)/.exec(spawnSync("id", [username], { encoding: "utf8" }).stdout ?? "");
  mkdirSync(home, { recursive: true });
  if (ids) chownSync(home, Number(ids[1]), Number(ids[2]));
  return { username, password, home };
}

/** OpenSSH's SHA256 fingerprint of a public key file ("ssh-ed25519 AAAA… comment"). */
export function fingerprintOfPublicKey(publicKeyLine: string): string {
  const blob = publicKeyLine.trim().split(/\s+/)[1] ?? "";
  return `SHA256:${createHash("sha256").update(Buffer.from(blob, "base64")).digest("base64").replace(/=+$/, "")}`;
}

export async function startTestSshd(): Promise<TestSshd> {
  if (!sshdAvailable()) {
    throw new Error(`sshd is missing (${SSHD_BIN}): apt-get install -y openssh-server (scripts/test-all.mjs installs it as root)`);
  }
  // Run as root, sshd insists on its privilege separation folder (the package's service makes it at boot).
  if (process.getuid?.() === 0 && !existsSync(PRIVSEP_DIR)) mkdirSync(PRIVSEP_DIR, { mode: 0o755 });
  const dir = mkdtempSync(join(tmpdir(), "caresuite-sshd-"));
  const sftpRoot = join(dir, "files");
  mkdirSync(sftpRoot);
  const hostKey = join(dir, "host_ed25519");
  const userKey = join(dir, "user_ed25519");
  const otherKey = join(dir, "other_ed25519");
  const encryptedKey = join(dir, "encrypted_ed25519");
  const keyPassphrase = "correct horse battery staple";
  keygen(hostKey, "caresuite-test-host");
  keygen(userKey, "caresuite-test-user");
  keygen(otherKey, "caresuite-test-other");
  keygen(encryptedKey, "caresuite-test-encrypted", keyPassphrase);
  const authorizedKeys = join(dir, "authorized_keys");
  writeFileSync(authorizedKeys, readFileSync(`${userKey}.pub`, "utf8") + readFileSync(`${encryptedKey}.pub`, "utf8"), { mode: 0o600 });
  // The password account reaches its home through the folder (the keys in it stay 0600).
  chmodSync(dir, 0o711);
  const passwordUser = createPasswordUser(join(dir, "home"));
  const port = await freePort();
  const username = userInfo().username;
  const config = join(dir, "sshd_config");
  writeFileSync(
    config,
    [
      `Port ${port}`,
      "ListenAddress 127.0.0.1",
      `HostKey ${hostKey}`,
      `PidFile ${join(dir, "sshd.pid")}`,
      `AuthorizedKeysFile ${authorizedKeys}`,
      "PubkeyAuthentication yes",
      "PasswordAuthentication no",
      "KbdInteractiveAuthentication no",
      "UsePAM no",
      "StrictModes no",
      `PermitRootLogin ${username === "root" ? "yes" : "no"}`,
      `AllowUsers ${username}${passwordUser ? ` ${passwordUser.username}` : ""}`,
      "AllowTcpForwarding yes",
      "GatewayPorts no",
      "PermitTTY no",
      "X11Forwarding no",
      "Subsystem sftp internal-sftp",
      "LogLevel ERROR",
      // Only the temporary account signs in with a password; everyone else with a key.
      ...(passwordUser ? [`Match User ${passwordUser.username}`, "  PasswordAuthentication yes", "  AuthorizedKeysFile none"] : []),
      "",
    ].join("\n"),
  );
  let child: ChildProcess | null = null;

  const start = async (): Promise<void> => {
    let stderr = "";
    const proc = spawn(SSHD_BIN, ["-D", "-e", "-f", config, "-p", String(port)], { stdio: ["ignore", "ignore", "pipe"] });
    proc.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child = proc;
    const exited = new Promise<never>((_resolve, reject) => proc.once("exit", (code) => reject(new Error(`sshd exited (${code}): ${stderr.slice(-2000)}`))));
    exited.catch(() => {});
    await Promise.race([waitForPort(port), exited]);
  };

  const stop = async (): Promise<void> => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once("exit", () => resolve());
      proc.kill("SIGTERM");
    });
  };

  const sshd: TestSshd = {
    host: "127.0.0.1",
    port,
    username,
    privateKey: readFileSync(userKey, "utf8"),
    otherPrivateKey: readFileSync(otherKey, "utf8"),
    encryptedPrivateKey: readFileSync(encryptedKey, "utf8"),
    keyPassphrase,
    passwordUser,
    hostKeyFingerprint: fingerprintOfPublicKey(readFileSync(`${hostKey}.pub`, "utf8")),
    dir: sftpRoot,
    rotateHostKey: async () => {
      await stop();
      keygen(hostKey, "caresuite-test-host-rotated");
      sshd.hostKeyFingerprint = fingerprintOfPublicKey(readFileSync(`${hostKey}.pub`, "utf8"));
      await start();
    },
    dropConnections: () => {
      const pid = child?.pid;
      // Only the children of the sshd this helper started (one per session), by parent id.
      if (pid !== undefined) spawnSync("pkill", ["-TERM", "-P", String(pid)], { stdio: "ignore" });
    },
    stop,
    start,
    close: async () => {
      await stop();
      if (passwordUser) spawnSync("userdel", [passwordUser.username], { stdio: "ignore" });
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await start();
  } catch (error) {
    await sshd.close();
    throw error;
  }
  return sshd;
}
