import type { RequestContext } from "../../context.ts";
import type { FieldErrors } from "../../graphql/errors.ts";
import { readGlobalSettings } from "../appdata/global-settings.repo.ts";

/**
 * Entity rules that need more than the input: settings or other records. Keyed by entity name;
 * each adds per-field errors. Pure input rules belong in the entity definition instead.
 */
type ServerRule = (ctx: RequestContext, data: Record<string, unknown>, errors: FieldErrors) => Promise<void>;

const push = (errors: FieldErrors, field: string, message: string): void => {
  (errors[field] ??= []).push({ message, data: { field } });
};

export const SERVER_RULES: Record<string, readonly ServerRule[]> = {
  callSource: [
    // Global setting allow_empty_call_source_names (spec data §3.2): otherwise a name is needed.
    async (ctx, data, errors) => {
      if (data["text"] === "" || data["text"] === null || data["text"] === undefined) {
        const settings = await readGlobalSettings(ctx.db.kysely);
        if (!settings.allow_empty_call_source_names) push(errors, "text", "validation.required");
      }
    },
  ],
};
