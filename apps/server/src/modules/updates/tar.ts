/**
 * A small ustar reader and writer: update packages and their payloads are plain tar files
 * (docs/decisions/043-signed-updates.md). Regular files, folders and relative symbolic links
 * (node_modules/.bin, workspace links); names up to 255 bytes (ustar prefix + name).
 */

export type TarEntry =
  | { type: "file"; name: string; content: Buffer; mode: number }
  | { type: "directory"; name: string; mode: number }
  | { type: "symlink"; name: string; target: string };

const BLOCK = 512;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: "", base: name };
  // The prefix ends at a slash: find the first one that leaves at most 100 bytes of name.
  for (let i = name.indexOf("/"); i !== -1; i = name.indexOf("/", i + 1)) {
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`tar: name too long for ustar: ${name}`);
}

function header(name: string, size: number, typeflag: string, mode: number, linkname = ""): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  block.write(base, 0, 100, "utf8");
  block.write(octal(mode & 0o7777, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(0, 12), 136, "ascii");
  block.write("        ", 148, "ascii");
  block.write(typeflag, 156, "ascii");
  block.write(linkname, 157, 100, "utf8");
  block.write("ustar\0", 257, "ascii");
  block.write("00", 263, "ascii");
  block.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + " ", 148, "ascii");
  return block;
}

/** Writes entries as one tar (two zero blocks at the end). */
export function writeTar(entries: readonly TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    if (entry.type === "file") {
      parts.push(header(entry.name, entry.content.length, "0", entry.mode), entry.content);
      const pad = (BLOCK - (entry.content.length % BLOCK)) % BLOCK;
      if (pad) parts.push(Buffer.alloc(pad));
    } else if (entry.type === "directory") {
      parts.push(header(entry.name.endsWith("/") ? entry.name : `${entry.name}/`, 0, "5", entry.mode));
    } else {
      parts.push(header(entry.name, 0, "2", 0o777, entry.target));
    }
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

const text = (block: Buffer, start: number, length: number): string => {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? raw.length : end).toString("utf8");
};

const number = (block: Buffer, start: number, length: number): number => {
  const value = text(block, start, length).trim();
  if (!/^[0-7]*$/.test(value)) throw new Error("tar: bad number field");
  return value === "" ? 0 : parseInt(value, 8);
};

/** Reads a tar; throws on anything that is not a well-formed ustar archive of the supported types. */
export function readTar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const block = archive.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) return entries;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] ?? 0);
    if (sum !== number(block, 148, 8)) throw new Error("tar: header checksum mismatch");
    const prefix = text(block, 345, 155);
    const base = text(block, 0, 100);
    const name = prefix ? `${prefix}/${base}` : base;
    const size = number(block, 124, 12);
    const mode = number(block, 100, 8);
    const typeflag = text(block, 156, 1) || "0";
    offset += BLOCK;
    if (offset + size > archive.length) throw new Error("tar: truncated entry");
    if (typeflag === "0") entries.push({ type: "file", name, content: Buffer.from(archive.subarray(offset, offset + size)), mode });
    else if (typeflag === "5") entries.push({ type: "directory", name: name.replace(/\/$/, ""), mode });
    else if (typeflag === "2") entries.push({ type: "symlink", name, target: text(block, 157, 100) });
    else throw new Error(`tar: unsupported entry type ${JSON.stringify(typeflag)}`);
    offset += Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new Error("tar: missing end of archive");
}
