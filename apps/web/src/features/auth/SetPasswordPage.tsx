import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, Button, Stack } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useNavigate, useSearchParams } from "react-router";
import { useMutation } from "urql";
import { useTranslation } from "react-i18next";
import { validationFieldErrors, type FieldError } from "../../api/errors";
import { safeRedirectTarget } from "../../api/session-expiry";
import { useAppData } from "../../app/providers/AppDataProvider";
import * as TESTIDS from "../../testids";
import { AuthCard } from "../../ui/AuthCard";
import { translateFieldError } from "../../ui/field-error";
import { notify } from "../../ui/notify";
import { checkSetPasswordForm, type SetPasswordField as Fields } from "./set-password-form";
import { USER_SET_PASSWORD } from "./set-password.graphql";
import { PasswordField } from "../../ui/PasswordField";

/**
 * /auth/set-password: replaces a temporary password (route table: "a notice says the password is
 * temporary"). A password that is not temporary is only changed with the current one.
 */
export function SetPasswordPage(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { data, refetch } = useAppData();
  const [{ fetching }, setPassword] = useMutation(USER_SET_PASSWORD);
  const [values, setValues] = useState<Record<Fields, string>>({ current_password: "", password: "", password_repeat: "" });
  const temporary = data.user.password_is_temporary;
  const [errors, setErrors] = useState<Partial<Record<Fields, FieldError>>>({});

  const change = (field: Fields) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((previous) => ({ ...previous, [field]: value }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const checked = checkSetPasswordForm(values, data.user);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const result = await setPassword(checked.input);
    if (result.error || !result.data?.userSetPassword) {
      // spec §8: "Set password: validation failed maps to fields, otherwise generic update-error notification."
      const fields = validationFieldErrors(result.error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else notify({ type: "error", title: t("errors.updateFailedTitle"), text: t("errors.updateFailedText") });
      return;
    }
    notify({ type: "success", title: t("setPassword.successTitle"), text: t("setPassword.successText") });
    await refetch();
    navigate(safeRedirectTarget(searchParams.get("redirect")) ?? "/home");
  };

  return (
    <AuthCard title={t("setPassword.title")} testId={TESTIDS.setPassword.page}>
      {temporary && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid={TESTIDS.setPassword.notice}>
          {t("setPassword.notice")}
        </Alert>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          {/* Lets password managers store the new password for the right account. */}
          <input type="text" name="username" autoComplete="username" value={data.user.username} readOnly hidden />
          {!temporary && (
            <PasswordField
              label={t("setPassword.current")}
              autoComplete="current-password"
              autoFocus
              required
              value={values.current_password}
              onChange={change("current_password")}
              error={translateFieldError(t, errors.current_password)}
              data-testid={TESTIDS.setPassword.current}
            />
          )}
          <PasswordField
            label={t("setPassword.password")}
            autoComplete="new-password"
            autoFocus={temporary}
            required
            value={values.password}
            onChange={change("password")}
            error={translateFieldError(t, errors.password)}
            data-testid={TESTIDS.setPassword.password}
          />
          <PasswordField
            label={t("setPassword.repeat")}
            autoComplete="new-password"
            required
            value={values.password_repeat}
            onChange={change("password_repeat")}
            error={translateFieldError(t, errors.password_repeat)}
            data-testid={TESTIDS.setPassword.repeat}
          />
          <Button type="submit" loading={fetching} fullWidth mt="xs" data-testid={TESTIDS.setPassword.submit}>
            {t("setPassword.submit")}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
