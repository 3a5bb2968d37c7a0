import { z } from "zod";
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from "./login-limits.ts";
import { VALIDATION_KEYS, requiredString } from "./validation-messages.ts";

// The sign-in body in a module of its own: the /login page loads it without the password-strength
// rules of the other schemas (docs/decisions/003-initial-chunk.md).

export { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from "./login-limits.ts";

/** POST /backend/login body: "JSON username and password". */
export const loginInputSchema = z
  .object({
    username: requiredString({ trim: false }).max(USERNAME_MAX_LENGTH, { error: VALIDATION_KEYS.max_length }),
    password: requiredString({ trim: false }).max(PASSWORD_MAX_LENGTH, { error: VALIDATION_KEYS.max_length }),
  })
  .strict();
/** Login input. */
export type LoginInput = z.infer<typeof loginInputSchema>;
