import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * Mantine's PasswordInput marks an error only with data-invalid on its inner input; every other
 * input also sets aria-invalid, which screen readers announce and the browser tests read. This is
 * the one password input of the app, with that attribute.
 */
export function PasswordField(props: PasswordInputProps): ReactNode {
  return <PasswordInput aria-invalid={props.error ? true : undefined} {...props} />;
}
