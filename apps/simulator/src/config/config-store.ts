import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ControllerConfig } from "@caresuite/protocol";

/**
 * The published configuration on disk (`config.json` in the data dir). `journal_seq` is the last
 * journal event already folded into the stored live values (battery, reachability), so a start
 * replays only the device reports after it.
 */
export interface StoredConfig {
  config: ControllerConfig;
  journal_seq: number;
}

/** Writes a file so that a crash leaves either the old or the new content: temp, fsync, rename. */
export function writeFileDurably(path: string, content: string): void {
  const temp = `${path}.tmp`;
  const fd = openSync(temp, "w");
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
  // The rename itself must reach the disk too.
  const dir = openSync(dirname(path), "r");
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

export function configPath(dataDir: string): string {
  return join(dataDir, "config.json");
}

export function loadStoredConfig(dataDir: string): StoredConfig | null {
  const path = configPath(dataDir);
  if (!existsSync(path)) return null;
  return JSON.parse(readFileSync(path, "utf8")) as StoredConfig;
}

export function saveStoredConfig(dataDir: string, stored: StoredConfig): void {
  writeFileDurably(configPath(dataDir), `${JSON.stringify(stored)}\n`);
}
