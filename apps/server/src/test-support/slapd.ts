import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A real OpenLDAP server (Debian's slapd) for the LDAP sign-in tests: its own temporary config
 * (slapd -f), a self-signed certificate made with openssl for LDAPS and StartTLS, free ports on
 * 127.0.0.1, the memberof overlay (users carry memberOf of their groupOfNames). Run as the
 * unprivileged `openldap` user when the tests run as root. `.ci/run` installs the package through
 * scripts/test-all.mjs (as it does chromium).
 */
export const SLAPD_BIN = process.env.SLAPD_PATH ?? "/usr/sbin/slapd";
export const LDAP_SUFFIX = "dc=caresuite,dc=test";
export const LDAP_ADMIN_DN = `cn=admin,${LDAP_SUFFIX}`;
export const LDAP_ADMIN_PASSWORD = "admin-secret";
export const LDAP_PEOPLE = `ou=people,${LDAP_SUFFIX}`;
export const LDAP_GROUPS = `ou=groups,${LDAP_SUFFIX}`;

export interface TestSlapd {
  /** ldap://127.0.0.1:port (StartTLS available) */
  ldapUrl: string;
  /** ldaps://127.0.0.1:port */
  ldapsUrl: string;
  /** The self-signed certificate (PEM file) the server presents: the CA to trust. */
  caFile: string;
  /** Runs ldapmodify (as the directory's admin) with the given LDIF. */
  modify(ldif: string): void;
  /** Runs ldapadd (as the directory's admin) with the given LDIF. */
  add(ldif: string): void;
  /** Stops slapd (kept stopped until start()): the "server unreachable" case. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function slapdAvailable(): boolean {
  return existsSync(SLAPD_BIN) && spawnSync("ldapadd", ["-VV"]).error === undefined;
}

async function freePort(): Promise<number> {
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
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`slapd did not listen on ${port} within ${timeoutMs} ms`);
}

function chownTree(path: string, uid: number, gid: number): void {
  chownSync(path, uid, gid);
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) chownTree(full, uid, gid);
    else chownSync(full, uid, gid);
  }
}

function openldapIds(): { uid: number; gid: number } | null {
  const result = spawnSync("id", ["openldap"], { encoding: "utf8" });
  const uid = /uid=(\d+)/.exec(result.stdout ?? "")?.[1];
  const gid = /gid=(\d+)/.exec(result.stdout ?? "")?.[1];
  return uid && gid ? { uid: Number(uid), gid: Number(gid) } : null;
}

/** The base entries: organisation units for people and groups. */
const BASE_LDIF = `dn: ${LDAP_SUFFIX}
objectClass: dcObject
objectClass: organization
dc: caresuite
o: CareSuite Test

dn: ${LDAP_PEOPLE}
objectClass: organizationalUnit
ou: people

dn: ${LDAP_GROUPS}
objectClass: organizationalUnit
ou: groups
`;

export async function startTestSlapd(): Promise<TestSlapd> {
  if (!slapdAvailable()) {
    throw new Error(`slapd is missing (${SLAPD_BIN}): apt-get install -y slapd ldap-utils (scripts/test-all.mjs installs it as root)`);
  }
  const dir = mkdtempSync(join(tmpdir(), "caresuite-slapd-"));
  mkdirSync(join(dir, "db"));
  const cert = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "2",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
    ],
    { stdio: "ignore" },
  );
  const conf = join(dir, "slapd.conf");
  writeFileSync(
    conf,
    [
      "include /etc/ldap/schema/core.schema",
      "include /etc/ldap/schema/cosine.schema",
      "include /etc/ldap/schema/inetorgperson.schema",
      "include /etc/ldap/schema/nis.schema",
      "modulepath /usr/lib/ldap",
      "moduleload back_mdb",
      "moduleload memberof",
      `pidfile ${join(dir, "slapd.pid")}`,
      `TLSCertificateFile ${cert}`,
      `TLSCertificateKeyFile ${key}`,
      "database mdb",
      `suffix "${LDAP_SUFFIX}"`,
      `rootdn "${LDAP_ADMIN_DN}"`,
      `rootpw ${LDAP_ADMIN_PASSWORD}`,
      `directory ${join(dir, "db")}`,
      "maxsize 10485760",
      "access to attrs=userPassword by self write by anonymous auth by * none",
      "access to * by * read",
      "overlay memberof",
      "",
    ].join("\n"),
  );
  const ids = process.getuid?.() === 0 ? openldapIds() : null;
  if (ids) chownTree(dir, ids.uid, ids.gid);
  const ldapPort = await freePort();
  const ldapsPort = await freePort();
  const ldapUrl = `ldap://127.0.0.1:${ldapPort}`;
  const ldapsUrl = `ldaps://127.0.0.1:${ldapsPort}`;
  let child: ChildProcess | null = null;

  const start = async (): Promise<void> => {
    const args = ["-f", conf, "-h", `${ldapUrl}/ ${ldapsUrl}/`, "-d", "0"];
    if (ids) args.push("-u", "openldap", "-g", "openldap");
    let stderr = "";
    const proc = spawn(SLAPD_BIN, args, { stdio: ["ignore", "ignore", "pipe"] });
    proc.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child = proc;
    const exited = new Promise<never>((_resolve, reject) => proc.once("exit", (code) => reject(new Error(`slapd exited (${code}): ${stderr.slice(-2000)}`))));
    exited.catch(() => {});
    await Promise.race([Promise.all([waitForPort(ldapPort), waitForPort(ldapsPort)]), exited]);
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

  const ldapTool = (tool: "ldapadd" | "ldapmodify", ldif: string): void => {
    const result = spawnSync(tool, ["-x", "-H", ldapUrl, "-D", LDAP_ADMIN_DN, "-w", LDAP_ADMIN_PASSWORD], { input: ldif, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr}`);
  };

  await start();
  ldapTool("ldapadd", BASE_LDIF);
  return {
    ldapUrl,
    ldapsUrl,
    caFile: cert,
    add: (ldif) => ldapTool("ldapadd", ldif),
    modify: (ldif) => ldapTool("ldapmodify", ldif),
    stop,
    start,
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** LDIF of a person under ou=people (uid, cn, sn, userPassword as given). */
export function personLdif(uid: string, password: string, cn = uid): string {
  return `dn: uid=${uid},${LDAP_PEOPLE}
objectClass: inetOrgPerson
uid: ${uid}
cn: ${cn}
sn: ${cn}
userPassword: ${password}
`;
}

/** LDIF of a groupOfNames under ou=groups with the given member uids. */
export function groupLdif(cn: string, memberUids: string[]): string {
  return `dn: cn=${cn},${LDAP_GROUPS}
objectClass: groupOfNames
cn: ${cn}
${memberUids.map((uid) => `member: uid=${uid},${LDAP_PEOPLE}`).join("\n")}
`;
}
