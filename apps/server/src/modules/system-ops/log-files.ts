import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { open, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { isLogFileName, LOG_LEVELS, type LogLevelName } from "@caresuite/domain";

/**
 * The server's log files (docs/decisions/044-cleanup-logs-maintenance.md): pino writes JSON lines
 * to DATA_DIR/logs/server.log; at `maxBytes` the file becomes server.1.log (server.1 becomes
 * server.2 ...) and the oldest beyond `keep` goes. Writes are synchronous, like pino's default
 * destination, so a crash loses no line and a test reads what was logged.
 */
export const logDir = (dataDir: string): string => join(dataDir, "logs");
export const CURRENT_LOG = "server.log";
const rotated = (index: number): string => `server.${index}.log`;

export interface RotatingLog {
  write(line: string): void;
  /** The folder (tests and the screen read it). */
  readonly dir: string;
}

export function rotatingLog(dataDir: string, options: { maxBytes: number; keep: number; echo?: (line: string) => void }): RotatingLog {
  const dir = logDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, CURRENT_LOG);
  let fd = openSync(path, "a");
  let size = statSync(path).size;
  const rotate = (): void => {
    closeSync(fd);
    rmSync(join(dir, rotated(options.keep)), { force: true });
    for (let i = options.keep - 1; i >= 1; i--) {
      try {
        renameSync(join(dir, rotated(i)), join(dir, rotated(i + 1)));
      } catch {
        // not there yet
      }
    }
    renameSync(path, join(dir, rotated(1)));
    fd = openSync(path, "a");
    size = 0;
  };
  return {
    dir,
    write(line: string) {
      options.echo?.(line);
      const bytes = Buffer.byteLength(line);
      if (size > 0 && size + bytes > options.maxBytes) rotate();
      writeSync(fd, line);
      size += bytes;
    },
  };
}

/**
 * What pino blanks out wherever it logs: request headers with credentials, and any field named
 * like a secret one or two levels deep (LDAP admin password, SMTP password, tokens, the
 * controller's password). Fastify logs neither bodies nor headers by default; this is the net
 * below mistakes.
 */
const SECRET_KEYS = [
  "password",
  "admin_password",
  "smtp_password",
  "password_repeat",
  "old_password",
  "new_password",
  "token",
  "access_token",
  "refresh_token",
  "secret",
  "code",
  "cookie",
  "authorization",
];
export const LOG_REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "headers.authorization",
  "headers.cookie",
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];
export const LOG_REDACT_CENSOR = "[redacted]";

export interface LogFileInfo {
  name: string;
  size: number;
  modified_at: number;
}

/** The log files, newest first (server.log, server.1.log, ...). */
export async function listLogFiles(dataDir: string): Promise<LogFileInfo[]> {
  const dir = logDir(dataDir);
  const names = (await readdir(dir).catch(() => [] as string[])).filter(isLogFileName);
  const files = await Promise.all(
    names.map(async (name) => {
      const info = await stat(join(dir, name));
      return { name, size: info.size, modified_at: Math.round(info.mtimeMs) };
    }),
  );
  const order = (name: string) => (name === CURRENT_LOG ? 0 : Number(name.split(".")[1]));
  return files.sort((a, b) => order(a.name) - order(b.name));
}

/** The path of a log file by name, or null: only our own names, never a path (no traversal). */
export function logFilePath(dataDir: string, name: string): string | null {
  return isLogFileName(name) ? join(logDir(dataDir), name) : null;
}

export interface LogLine {
  /** The line's number in the file (1-based): the screen's key and the follow cursor. */
  n: number;
  time: number | null;
  level: LogLevelName | null;
  msg: string;
  /** What the line is about, when pino says: the request (method and URL), the answer (status, time) or the error's message. */
  context: string | null;
  raw: string;
}

const LEVEL_NAMES = new Map<number, LogLevelName>(Object.entries(LOG_LEVELS).map(([name, value]) => [value, name as LogLevelName]));

const str = (value: unknown): string | null => (typeof value === "string" || typeof value === "number" ? String(value) : null);
const rec = (value: unknown): Record<string, unknown> | null => (value && typeof value === "object" ? (value as Record<string, unknown>) : null);

function contextOf(entry: Record<string, unknown>): string | null {
  const req = rec(entry["req"]);
  const res = rec(entry["res"]);
  const err = rec(entry["err"]);
  const parts: string[] = [];
  if (req) parts.push([str(req["method"]), str(req["url"])].filter(Boolean).join(" "));
  if (res)
    parts.push(
      [str(res["statusCode"]), typeof entry["responseTime"] === "number" ? `${Math.round(entry["responseTime"])} ms` : null].filter(Boolean).join(", "),
    );
  if (err) parts.push(str(err["message"]) ?? "");
  const text = parts.filter(Boolean).join(" · ");
  return text === "" ? null : text;
}

function parseLine(raw: string, n: number): LogLine {
  try {
    const entry = JSON.parse(raw) as Record<string, unknown>;
    return {
      n,
      time: typeof entry["time"] === "number" ? entry["time"] : null,
      level: typeof entry["level"] === "number" ? (LEVEL_NAMES.get(entry["level"]) ?? null) : null,
      msg: typeof entry["msg"] === "string" ? entry["msg"] : "",
      context: contextOf(entry),
      raw,
    };
  } catch {
    return { n, time: null, level: null, msg: raw, context: null, raw };
  }
}

/** At most this much of a file's end is read for the screen (a file is at most LOG_MAX_BYTES). */
const READ_LIMIT = 16 * 1024 * 1024;

export interface LogQuery {
  /** The lowest level shown (null: all). */
  level: LogLevelName | null;
  /** Case-insensitive text the raw line contains. */
  text: string;
  /** Only lines after this number (tail-follow). */
  after: number;
  /** The last `limit` matching lines. */
  limit: number;
}

export interface LogRead {
  lines: LogLine[];
  /** The number of the file's last line (the next follow cursor). */
  last: number;
  /** Matching lines before the ones returned. */
  truncated: boolean;
}

/** The matching lines of one file (its end, up to READ_LIMIT), oldest first. */
export async function readLogFile(path: string, query: LogQuery): Promise<LogRead | null> {
  const handle = await open(path, "r").catch(() => null);
  if (!handle) return null;
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - READ_LIMIT);
    const buffer = Buffer.alloc(size - start);
    await handle.read(buffer, 0, buffer.length, start);
    const rows = buffer.toString("utf8").split("\n");
    if (rows.at(-1) === "") rows.pop();
    // A cut first line is not shown.
    if (start > 0) rows.shift();
    const minLevel = query.level ? LOG_LEVELS[query.level] : 0;
    const text = query.text.trim().toLowerCase();
    const matches: LogLine[] = [];
    rows.forEach((raw, index) => {
      const n = index + 1;
      if (n <= query.after) return;
      const line = parseLine(raw, n);
      if (minLevel > 0 && (line.level === null || LOG_LEVELS[line.level] < minLevel)) return;
      if (text && !raw.toLowerCase().includes(text)) return;
      matches.push(line);
    });
    return { lines: matches.slice(-query.limit), last: rows.length, truncated: matches.length > query.limit };
  } finally {
    await handle.close();
  }
}

/** Every log file's text (tests grep it for secrets). */
export function readAllLogsSync(dataDir: string): string {
  const dir = logDir(dataDir);
  return readdirSync(dir)
    .map((name) => readFileSync(join(dir, name), "utf8"))
    .join("\n");
}
