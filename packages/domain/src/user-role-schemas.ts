import { z } from "zod";
import { PERMISSION_CODES } from "./permissions.ts";
import { LOCALES } from "./rules/locale.ts";
import { ACCESS_LEVELS, ROLE_PERMISSION_LEVELS } from "./rules/role-hierarchy.ts";
import { SAFE_SINGLE_LINE } from "./rules/input-safety.ts";
import { PASSWORD_MIN_LENGTH, passwordWeaknessKey } from "./validation.ts";
import { VALIDATION_KEYS, requiredOr, requiredString } from "./validation-messages.ts";

const EMAIL = z.email();

/**
 * The user form and `createUser`/`updateUser` (spec data §3.3 "User (admin)"). On update an
 * empty password keeps the current one. spec: "email (several, comma-separated)",
 * "Password change needs password repeated".
 */
export function userInputSchema(mode: "create" | "update") {
  return (
    z
      .object({
        username: requiredString()
          .max(255, { error: VALIDATION_KEYS.max_length })
          .refine((v) => !/\s/.test(v), { error: VALIDATION_KEYS.format, params: { format: "no spaces" } }),
        name: z
          .string()
          .trim()
          .max(255, { error: VALIDATION_KEYS.max_length })
          .regex(SAFE_SINGLE_LINE, { error: VALIDATION_KEYS.control_characters })
          .optional()
          .default(""),
        password:
          mode === "create"
            ? requiredString({ trim: false }).min(PASSWORD_MIN_LENGTH, { error: VALIDATION_KEYS.min_length }).max(1024)
            : z
                .string()
                .max(1024)
                .refine((v) => v === "" || v.length >= PASSWORD_MIN_LENGTH, { error: VALIDATION_KEYS.min_length, params: { size: PASSWORD_MIN_LENGTH } })
                .optional()
                .default(""),
        password_repeat: z.string().max(1024).optional().default(""),
        password_is_temporary: z.boolean().optional().default(false),
        email: z
          .string()
          .trim()
          .max(1000, { error: VALIDATION_KEYS.max_length })
          .refine((v) => v === "" || v.split(",").every((part) => EMAIL.safeParse(part.trim()).success), { error: VALIDATION_KEYS.email })
          .optional()
          .default(""),
        locale: z
          .enum(LOCALES, { error: requiredOr(VALIDATION_KEYS.one_option_required) })
          .nullable()
          .optional()
          .default(null),
        homepage: z
          .string()
          .trim()
          .max(255)
          .refine((v) => v === "" || (v.startsWith("/") && !v.startsWith("//")), { error: VALIDATION_KEYS.format, params: { format: "/path" } })
          .optional()
          .default(""),
        is_superuser: z.boolean().optional().default(false),
        roles: z.array(z.number().int().positive()).max(100).optional().default([]),
        system_access: z.array(z.number().int().min(1).max(99)).max(99).optional().default([]),
        notify_email: z.boolean().optional().default(false),
        notify_push: z.boolean().optional().default(false),
      })
      .strict()
      .refine((u) => u.password === "" || u.password === u.password_repeat, {
        path: ["password_repeat"],
        error: VALIDATION_KEYS.no_match,
      })
      // the same minimum strength as every other place a password is set.
      .superRefine((u, ctx) => {
        const weakness = u.password === "" ? null : passwordWeaknessKey(u.password, u.username);
        if (weakness) ctx.addIssue({ code: "custom", path: ["password"], message: weakness });
      })
  );
}
export type UserInput = z.infer<ReturnType<typeof userInputSchema>>;

/** The role form and `createRole`/`updateRole`: name, permission levels, call-source-group access. */
export const roleInputSchema = z
  .object({
    name: requiredString().max(100, { error: VALIDATION_KEYS.max_length }),
    permissions: z
      .array(z.object({ code: z.enum(PERMISSION_CODES, { error: VALIDATION_KEYS.invalid }), level: z.enum(ROLE_PERMISSION_LEVELS) }).strict())
      .max(PERMISSION_CODES.length)
      .optional()
      .default([])
      .refine((list) => new Set(list.map((p) => p.code)).size === list.length, { error: VALIDATION_KEYS.duplicate }),
    call_source_group_permissions: z
      .array(z.object({ callsource_group_id: z.number().int().positive(), permission_level: z.enum(ACCESS_LEVELS) }).strict())
      .max(1000)
      .optional()
      .default([])
      // One level per group: the same group twice is a duplicate, not two grants.
      .refine((list) => new Set(list.map((g) => g.callsource_group_id)).size === list.length, { error: VALIDATION_KEYS.duplicate }),
  })
  .strict();
export type RoleInput = z.infer<typeof roleInputSchema>;
