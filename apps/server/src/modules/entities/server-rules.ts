import { callSource, missingSettingRequiredFields } from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import type { FieldErrors } from "../../errors/app-error.ts";
import { readGlobalSettings } from "../appdata/global-settings.repo.ts";
import { oneEnabledPerSection } from "./display-group-overrides.service.ts";
import type { Row } from "./entities.repo.ts";

/**
 * Entity rules that need more than the input: settings or other records. Keyed by entity name;
 * each adds per-field errors. Pure input rules belong in the entity definition instead.
 */
type ServerRule = (ctx: RequestContext, data: Record<string, unknown>, errors: FieldErrors, existing: Row | null) => Promise<void>;

const push = (errors: FieldErrors, field: string, message: string): void => {
  (errors[field] ??= []).push({ message, data: { field } });
};

export const SERVER_RULES: Record<string, readonly ServerRule[]> = {
  callSource: [
    // Global setting allow_empty_call_source_names (spec data §3.2): otherwise a name is needed.
    // The form marks the same fields from the same definition (requiredUnless).
    async (ctx, data, errors) => {
      // Settings are read only when an input leaves such a field empty.
      if (missingSettingRequiredFields(callSource, data, null).length === 0) return;
      const settings = await readGlobalSettings(ctx.db.kysely);
      for (const field of missingSettingRequiredFields(callSource, data, settings)) push(errors, field, "validation.required");
    },
  ],
  // docs/decisions/022: at most one enabled override per section.
  displayGroupOverride: [oneEnabledPerSection],
};
