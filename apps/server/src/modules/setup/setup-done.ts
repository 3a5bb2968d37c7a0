import type { RequestContext } from "../../context.ts";
import { AppError } from "../../errors/app-error.ts";
import { translate } from "../../i18n/messages.ts";

/**
 * The answer to a setup mutation once the setup is done, for anonymous and signed-in
 * callers alike: nobody may run it any more, so it is a CONFLICT, not a question of rights.
 * Reason `setup_done`; the message in the caller's language.
 */
export function setupDoneError(ctx: Pick<RequestContext, "locale">): AppError {
  return new AppError("CONFLICT", translate("setup.already_done", ctx.locale), { reason: "setup_done" });
}
