import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * Mantine's PasswordInput marks an error only with data-invalid on its inner input; every other
 * input also sets aria-invalid, which screen readers announce and the browser tests read. Its
 * visibility toggle is labelled "Toggle password visibility" in English whatever the language:
 * here it says "show password" in the user's; aria-pressed tells whether it is shown.
 * This is the one password input of the app.
 */
export function PasswordField(props: PasswordInputProps): ReactNode {
  const { t } = useTranslation();
  return (
    <PasswordInput
      aria-invalid={props.error ? true : undefined}
      {...props}
      visibilityToggleButtonProps={{ "aria-label": t("common.showPassword"), ...props.visibilityToggleButtonProps }}
    />
  );
}
