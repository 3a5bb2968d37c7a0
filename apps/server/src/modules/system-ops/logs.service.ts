import { isLogFileName, LOG_LEVELS, VALIDATION_KEYS, type LogLevelName } from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { AppError } from "../../errors/app-error.ts";
import { listLogFiles, logFilePath, readLogFile, type LogFileInfo, type LogRead } from "./log-files.ts";

/** The log files of /admin/logs (docs/decisions/044-cleanup-logs-maintenance.md). */
export type LogFileView = LogFileInfo;

export function logFiles(ctx: RequestContext): Promise<LogFileView[]> {
  return listLogFiles(ctx.config.DATA_DIR);
}

const invalid = (field: string): AppError =>
  new AppError("VALIDATION", "Validation failed", { fields: { [field]: [{ message: VALIDATION_KEYS.invalid, data: { field } }] } });

export async function logFileLines(
  ctx: RequestContext,
  args: { name: string; level: LogLevelName | null; text: string; after: number; limit: number },
): Promise<LogRead> {
  if (args.level !== null && !(args.level in LOG_LEVELS)) throw invalid("level");
  if (args.limit < 1 || args.limit > 2000) throw invalid("limit");
  if (args.after < 0) throw invalid("after");
  if (args.text.length > 200) throw invalid("text");
  // Never a path: a name that is not one of ours is "not found" (no traversal, nothing told).
  const path = isLogFileName(args.name) ? logFilePath(ctx.config.DATA_DIR, args.name) : null;
  const read = path ? await readLogFile(path, args) : null;
  if (!read) throw new AppError("NOT_FOUND", "log file not found");
  return read;
}
