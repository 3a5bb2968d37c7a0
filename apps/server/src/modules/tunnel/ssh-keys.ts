import ssh2 from "ssh2";

// ssh2 is CommonJS: Node's ESM loader finds `Client` among its named exports but not `utils`.
const { utils } = ssh2;

/**
 * Private keys given for SSH sign-in, shared by the remote-access tunnel
 * (docs/decisions/042-remote-access-tunnel.md) and the online backup
 * (docs/decisions/045-online-backup.md): read with ssh2's own parser when saved, so a key ssh2
 * cannot use, or one locked by a passphrase that is missing or wrong, is refused on its field
 * instead of failing every connection later as "authentication failed".
 */
export type PrivateKeyCheck = "ok" | "encrypted" | "wrong_passphrase" | "unreadable";

/** ssh2 says "…no passphrase given" / "…bad passphrase?" for locked keys. */
const LOCKED = /passphrase/i;

export function checkPrivateKey(text: string, passphrase = ""): PrivateKeyCheck {
  let plain: ReturnType<typeof utils.parseKey>;
  try {
    plain = utils.parseKey(text);
  } catch {
    return "unreadable";
  }
  if (!(plain instanceof Error)) return "ok";
  if (!LOCKED.test(plain.message)) return "unreadable";
  if (passphrase === "") return "encrypted";
  try {
    return utils.parseKey(text, passphrase) instanceof Error ? "wrong_passphrase" : "ok";
  } catch {
    return "wrong_passphrase";
  }
}

/** Whether a key needs its passphrase to be read. */
export const isEncryptedKey = (text: string): boolean => checkPrivateKey(text) === "encrypted";
