// LDAP sign-in benchmark. Prints a table; numbers go into bench/RESULTS.md.
//   node bench/ldap-login.ts [--runs 40]   (needs Debian's slapd and ldap-utils, as the LDAP tests do)
// Measures POST /backend/login of the real server (its own process, SQLite) against a real slapd
// (apps/server/src/test-support/slapd.ts) over ldaps:// and over ldap:// with StartTLS: a
// directory user's first sign-in (creates the local account), repeated sign-ins of one user, a
// wrong password; a local user for comparison (scrypt). Target: LDAP sign-in p50 ≤ 300 ms.
// Every failed attempt comes from its own address (X-Forwarded-For, TRUST_PROXY=127.0.0.1) so
// the sign-in throttle never answers in place of the directory.
import { parseArgs } from "node:util";
import { JSON_POST_HEADERS } from "@caresuite/domain/api-contract";
import { groupLdif, LDAP_ADMIN_DN, LDAP_ADMIN_PASSWORD, LDAP_GROUPS, LDAP_SUFFIX, personLdif, startTestSlapd } from "../apps/server/src/test-support/slapd.ts";
import { completeFirstRun } from "../e2e/support/api.ts";
import { startServer } from "../e2e/support/server.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "40" } } });
const RUNS = Number(values.runs);

const percentile = (list: number[], p: number): number => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

let addressCounter = 0;
const nextAddress = () => `10.77.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

async function login(baseUrl: string, username: string, password: string, expectOk: boolean): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/backend/login`, {
    method: "POST",
    headers: { ...JSON_POST_HEADERS, "x-forwarded-for": nextAddress() },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { ok: boolean; errors: { code: string }[] };
  const elapsed = performance.now() - started;
  if (body.ok !== expectOk) throw new Error(`sign-in of ${username}: expected ok=${expectOk}, got ${JSON.stringify(body.errors)}`);
  if (!expectOk && body.errors[0]?.code !== "ldap_wrong_password" && body.errors[0]?.code !== "invalid_credentials") {
    throw new Error(`sign-in of ${username}: unexpected ${JSON.stringify(body.errors)}`);
  }
  return elapsed;
}

const users = (prefix: string) => Array.from({ length: RUNS }, (_, i) => `${prefix}${String(i).padStart(3, "0")}`);

const slapd = await startTestSlapd();
const rows: string[][] = [];
try {
  const all = [...users("first-s"), ...users("first-t"), "nina"];
  for (const uid of all) slapd.add(personLdif(uid, `${uid}-pw`, `Bench ${uid}`));
  slapd.add(groupLdif("pflege", all));

  const server = await startServer({ LDAP_CA_FILE: slapd.caFile, TRUST_PROXY: "127.0.0.1" });
  try {
    const admin = await completeFirstRun(server.baseUrl, { username: "admin", password: "bench password 1" });
    const role = await admin.query<{ createRole: { id: number } }>("mutation ($data: RoleInput!) { createRole(data: $data) { id } }", {
      data: { name: "Pflege", permissions: [{ code: "calllog::use_module", level: "write" }] },
    });
    const configure = (dsn: string, starttls: boolean) =>
      admin.query("mutation ($data: LdapSettingsInput!) { updateLdapSettings(data: $data) { enabled } }", {
        data: {
          enabled: true,
          dsn,
          starttls,
          base_dn: LDAP_SUFFIX,
          admin_user: LDAP_ADMIN_DN,
          admin_password: LDAP_ADMIN_PASSWORD,
          user_filter: "(&(objectClass=inetOrgPerson)(uid={username}))",
          roles_attribute: "memberOf",
          mapping: [{ group_dn: `cn=pflege,${LDAP_GROUPS}`, role_id: role.createRole.id }],
        },
      });

    // Warm-up: the first request of a fresh process compiles the paths it takes.
    await configure(slapd.ldapsUrl, false);
    for (let i = 0; i < 5; i++) await login(server.baseUrl, "nina", "nina-pw", true);

    for (const [label, dsn, starttls, prefix] of [
      ["ldaps://", slapd.ldapsUrl, false, "first-s"],
      ["ldap:// + StartTLS", slapd.ldapUrl, true, "first-t"],
    ] as const) {
      await configure(dsn, starttls);
      const first: number[] = [];
      for (const uid of users(prefix)) first.push(await login(server.baseUrl, uid, `${uid}-pw`, true));
      const repeated: number[] = [];
      for (let i = 0; i < RUNS; i++) repeated.push(await login(server.baseUrl, "nina", "nina-pw", true));
      const wrong: number[] = [];
      for (let i = 0; i < RUNS; i++) wrong.push(await login(server.baseUrl, "nina", "not the password", false));
      const cell = (list: number[]) => `p50 ${percentile(list, 50).toFixed(0)} ms, p95 ${percentile(list, 95).toFixed(0)} ms`;
      rows.push([`${label}: first sign-in (creates the user)`, cell(first), "p50 ≤ 300 ms"]);
      rows.push([`${label}: repeated sign-in`, cell(repeated), "p50 ≤ 300 ms"]);
      rows.push([`${label}: wrong password`, cell(wrong), "—"]);
    }
    const local: number[] = [];
    for (let i = 0; i < RUNS; i++) local.push(await login(server.baseUrl, "admin", "bench password 1", true));
    rows.push([
      "local user (scrypt N=2^15), for comparison",
      `p50 ${percentile(local, 50).toFixed(0)} ms, p95 ${percentile(local, 95).toFixed(0)} ms`,
      "p50 ≤ 300 ms",
    ]);
  } finally {
    await server.stop();
  }
} finally {
  await slapd.close();
}
console.log(`${RUNS} sign-ins per row, sequential, over HTTP to the server process\n`);
console.log("| measure | result | target |\n|---|---|---|");
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
