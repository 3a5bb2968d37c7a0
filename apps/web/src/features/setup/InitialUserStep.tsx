import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, Button, Stack, Text, TextInput } from "@mantine/core";
import { IconUserCheck } from "@tabler/icons-react";
import { useMutation } from "urql";
import { useTranslation } from "react-i18next";
import { VALIDATION_KEYS, fieldErrors, initialUserInputSchema } from "@caresuite/domain";
import { firstFieldErrors } from "../../api/errors";
import { useAppData } from "../../app/providers/AppDataProvider";
import { currentLocale } from "../../i18n";
import * as TESTIDS from "../../testids";
import { notify } from "../../ui/notify";
import { translateFieldError } from "../../ui/field-error";
import { CREATE_INITIAL_USER } from "./setup.graphql";
import { initialUserError, isSetupDone } from "./setup-errors";
import { stepFieldErrors, translatedFieldErrors, type StepFieldErrors } from "./step-errors";
import { PasswordField } from "../../ui/PasswordField";

/**
 * Step 4: the first (super)user, created in the language chosen in step 1. Next stays disabled
 * until an initial user exists.
 */
export function InitialUserStep(): ReactNode {
  const { t } = useTranslation();
  const { data, refetch } = useAppData();
  const [{ fetching }, create] = useMutation(CREATE_INITIAL_USER);
  // spec: "Initial user: username default admin, password required."
  const [username, setUsername] = useState("admin");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<StepFieldErrors>({});

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const parsed = initialUserInputSchema.safeParse({ username, password, locale: currentLocale() });
    const next = parsed.success ? {} : translatedFieldErrors(t, firstFieldErrors(fieldErrors(parsed.error)));
    // The API takes one password; the repeat is checked here (spec: "Password change needs password repeated").
    if (repeat !== password && !next["password"]) {
      next["password_repeat"] = translateFieldError(t, {
        message: VALIDATION_KEYS.no_match,
        data: { field: "password_repeat" },
      });
    }
    setErrors(next);
    if (!parsed.success || Object.values(next).some(Boolean)) return;

    const result = await create(parsed.data);
    if (isSetupDone(result.error)) {
      notify({ type: "error", title: t("errors.saveFailedTitle"), text: t("setup.user.errors.setupDone") });
      await refetch();
      return;
    }
    if (result.error || !result.data?.createInitialUser) {
      const fields = result.error ? stepFieldErrors(t, result.error, initialUserError) : null;
      if (fields) setErrors(fields);
      else notify({ type: "error", title: t("errors.saveFailedTitle"), text: t("errors.saveFailedText") });
      return;
    }
    notify({
      type: "success",
      title: t("setup.user.createdTitle"),
      text: t("setup.user.created", { username: result.data.createInitialUser.username }),
    });
    await refetch();
  };

  if (data.appState.has_initial_user) {
    return (
      <Alert color="teal" icon={<IconUserCheck size={18} />} data-testid={TESTIDS.setup.userDone}>
        {t("setup.user.exists")}
      </Alert>
    );
  }

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("setup.user.text")}
      </Text>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t("setup.user.username")}
            required
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            error={errors["username"]}
            data-testid={TESTIDS.setup.userName}
          />
          <PasswordField
            label={t("setup.user.password")}
            required
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors["password"]}
            data-testid={TESTIDS.setup.userPassword}
          />
          <PasswordField
            label={t("setup.user.passwordRepeat")}
            required
            autoComplete="new-password"
            value={repeat}
            onChange={(event) => setRepeat(event.currentTarget.value)}
            error={errors["password_repeat"]}
            data-testid={TESTIDS.setup.userPasswordRepeat}
          />
          <Button type="submit" loading={fetching} data-testid={TESTIDS.setup.userCreate}>
            {t("setup.user.create")}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
