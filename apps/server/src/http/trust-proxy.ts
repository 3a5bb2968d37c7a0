import { isIP } from "node:net";

/**
 * Which peers may set X-Forwarded-For/-Proto/-Host (Fastify's trustProxy): none by default, so a
 * client cannot choose its own request.ip and dodge the per-address login throttling or the
 * WebSocket limits. Behind a reverse proxy, name it: a hop count ("1") or a comma list of
 * addresses and CIDRs ("127.0.0.1", "10.0.0.0/8, ::1"); proxy-addr's names loopback, linklocal
 * and uniquelocal are accepted too. "true" (trust anyone) is refused on purpose.
 */
export type TrustProxy = false | number | string[];

const NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (NAMES.has(entry)) return true;
  const [address = "", bits, extra] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/** The trustProxy setting of a TRUST_PROXY value, or an error message. */
export function parseTrustProxy(value: string | undefined): { ok: true; value: TrustProxy } | { ok: false; message: string } {
  const text = (value ?? "").trim();
  if (text === "" || text === "false" || text === "off") return { ok: true, value: false };
  if (/^\d{1,2}$/.test(text)) return { ok: true, value: Number(text) };
  const entries = text
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e !== "");
  const wrong = entries.filter((e) => !isAddressOrRange(e));
  if (wrong.length > 0 || entries.length === 0) {
    return {
      ok: false,
      message: `expected a hop count or proxy addresses/CIDRs, got ${JSON.stringify(wrong.join(",") || text)} ("true" would trust any client)`,
    };
  }
  return { ok: true, value: entries };
}

/** Fastify's trustProxy option of a setting (its types take a hop count only as a function). */
export function fastifyTrustProxy(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === "number" ? (_address, hop) => hop < value : value;
}
