// The sign-in's length limits in a module without zod: the /login form checks them without loading
// zod (login-check.ts), the server's schema (login-schema.ts) enforces them.

/** The longest user name and password the sign-in accepts. */
export const USERNAME_MAX_LENGTH = 255;
export const PASSWORD_MAX_LENGTH = 1024;
