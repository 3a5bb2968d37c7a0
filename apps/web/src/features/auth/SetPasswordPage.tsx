import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, Button, PasswordInput, Stack } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useNavigate, useSearchParams } from "react-router";
import { useMutation } from "urql";
import { useTranslation } from "react-i18next";
import { fieldErrors, setPasswordInputSchema } from "@caresuite/domain";
import { firstFieldErrors, validationFieldErrors, type FieldError } from "../../api/errors";
import { safeRedirectTarget } from "../../api/session-expiry";
import { useAppData } from "../../app/providers/AppDataProvider";
import { TESTIDS } from "../../testids";
import { AuthCard } from "../../ui/AuthCard";
import { translateFieldError } from "../../ui/field-error";
import { notify } from "../../ui/notify";
import { USER_SET_PASSWORD } from "./set-password.graphql";

type Fields = "password" | "password_repeat";

/** /auth/set-password: replaces a temporary password (route table: "a notice says the password is temporary"). */
export function SetPasswordPage(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { data, refetch } = useAppData();
  const [{ fetching }, setPassword] = useMutation(USER_SET_PASSWORD);
  const [values, setValues] = useState<Record<Fields, string>>({ password: "", password_repeat: "" });
  const [errors, setErrors] = useState<Partial<Record<Fields, FieldError>>>({});

  const change = (field: Fields) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((previous) => ({ ...previous, [field]: value }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const parsed = setPasswordInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstFieldErrors(fieldErrors(parsed.error)));
      return;
    }
    setErrors({});
    const result = await setPassword(parsed.data);
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
      <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid={TESTIDS.setPassword.notice}>
        {t("setPassword.notice")}
      </Alert>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          {/* Lets password managers store the new password for the right account. */}
          <input type="text" name="username" autoComplete="username" value={data.user.username} readOnly hidden />
          <PasswordInput
            label={t("setPassword.password")}
            autoComplete="new-password"
            autoFocus
            required
            value={values.password}
            onChange={change("password")}
            error={translateFieldError(t, errors.password)}
            data-testid={TESTIDS.setPassword.password}
          />
          <PasswordInput
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
