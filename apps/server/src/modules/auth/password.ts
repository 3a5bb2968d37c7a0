import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashing with scrypt from node:crypto. The parameters are stored with each hash
 * ("scrypt$<logN>$<r>$<p>$<salt>$<hash>", base64) so they can be raised later: a login with an
 * older hash rehashes it (see needsRehash). Cost choice: docs/decisions/001-password-hashing.md.
 */
const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function scryptAsync(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem must exceed 128 * N * r bytes, or node refuses large N.
    const maxmem = 256 * 2 ** logN * r + 16 * 1024 * 1024;
    scrypt(password, salt, KEY_LENGTH, { N: 2 ** logN, r, p, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Hashes a password with a fresh 16-byte salt. */
export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, logN, BLOCK_SIZE, PARALLELISM);
  return ["scrypt", logN, BLOCK_SIZE, PARALLELISM, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Compares in constant time; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, logN, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash ?? "", "base64");
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await scryptAsync(password, Buffer.from(salt ?? "", "base64"), Number(logN), Number(r), Number(p));
  return timingSafeEqual(actual, expected);
}

/** True when the stored hash is weaker than the configured cost. */
export function needsRehash(stored: string, logN: number): boolean {
  const parts = stored.split("$");
  return parts[0] !== "scrypt" || Number(parts[1]) < logN;
}

/** A hash of a random password: verifying against it costs the same time as a real one. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(logN: number): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"), logN);
  return dummyHash;
}
