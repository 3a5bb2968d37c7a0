import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { PRODUCT_VERSION, loginFieldErrors, loginPageRedirect, toLocale } from "@caresuite/domain";
import { setSessionHint } from "../../api/app-data-loader";
import { firstFieldErrors } from "../../api/errors";
import { postLogin } from "../../api/rest";
import { safeRedirectTarget } from "../../api/session-expiry";
import { useAppData } from "../../app/providers/AppDataProvider";
import { changeLocale } from "../../i18n";
import * as TESTIDS from "../../testids";
import { AuthCard } from "../../ui/AuthCard";
import { translateFieldError } from "../../ui/field-error";
import { loginFormErrors, type LoginFormErrors } from "./login-errors";
import { PasswordField } from "../../ui/PasswordField";

const NO_ERRORS: LoginFormErrors = { common: [] };

/** /login (spec "Login"): username, password, login button and the version footer. */
export function LoginPage(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { data, refetch } = useAppData();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<LoginFormErrors>(NO_ERRORS);
  const [submitting, setSubmitting] = useState(false);

  // spec: "login redirects to setup when no setup time".
  const setupRedirect = loginPageRedirect({ setupTime: data.appState.setup_time });
  if (setupRedirect) return <Navigate to={setupRedirect} replace />;

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    // Checked without zod, which /login then does not load (domain/login-check.ts).
    const invalid = loginFieldErrors({ username, password });
    if (Object.keys(invalid).length > 0) {
      const fields = firstFieldErrors(invalid);
      setErrors({
        username: translateFieldError(t, fields["username"]),
        password: translateFieldError(t, fields["password"]),
        common: [],
      });
      return;
    }
    setErrors(NO_ERRORS);
    setSubmitting(true);
    try {
      const response = await postLogin(username, password);
      if (!response.ok) {
        // Typed input stays as it is, so a typo can be fixed in place.
        setErrors(loginFormErrors(t, response.errors));
        return;
      }
      setSessionHint(true);
      const appData = await refetch();
      const locale = toLocale(response.user?.locale ?? appData?.user.locale);
      if (locale) await changeLocale(locale, { persist: true });
      if (response.require_password_change) {
        const redirect = searchParams.get("redirect");
        navigate(redirect ? `/auth/set-password?redirect=${encodeURIComponent(redirect)}` : "/auth/set-password");
      } else {
        navigate(safeRedirectTarget(searchParams.get("redirect")) ?? "/home");
      }
    } catch {
      // spec §8: "Network exception shown under username".
      setErrors({ username: t("login.errors.network"), common: [] });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title={t("login.title")}
      subtitle={t("login.subtitle")}
      testId={TESTIDS.login.page}
      footer={<span data-testid={TESTIDS.login.version}>{t("login.version", { version: PRODUCT_VERSION })}</span>}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          {errors.common.length > 0 && (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="alert" data-testid={TESTIDS.login.error}>
              {errors.common.map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Alert>
          )}
          <TextInput
            label={t("login.username")}
            autoComplete="username"
            autoFocus
            required
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            error={errors.username && <span data-testid={TESTIDS.login.usernameError}>{errors.username}</span>}
            data-testid={TESTIDS.login.username}
          />
          <PasswordField
            label={t("login.password")}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password && <span data-testid={TESTIDS.login.passwordError}>{errors.password}</span>}
            data-testid={TESTIDS.login.password}
          />
          <Button type="submit" loading={submitting} fullWidth mt="xs" data-testid={TESTIDS.login.submit}>
            {t("login.submit")}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
