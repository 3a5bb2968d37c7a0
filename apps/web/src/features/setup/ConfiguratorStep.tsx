import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, Button, Divider, Stack, Text, TextInput } from "@mantine/core";
import { IconPlugConnected } from "@tabler/icons-react";
import { useMutation } from "urql";
import { useTranslation } from "react-i18next";
import { configuratorInputSchema, fieldErrors, isLoggedIn } from "@caresuite/domain";
import { firstFieldErrors } from "../../api/errors";
import { useAppData } from "../../app/providers/AppDataProvider";
import * as TESTIDS from "../../testids";
import { notify } from "../../ui/notify";
import { CREATE_INITIAL_CONFIGURATOR } from "./setup.graphql";
import { configuratorConnectionError } from "../../ui/connection-errors";
import { stepFieldErrors, translatedFieldErrors, type StepFieldErrors } from "./step-errors";
import { VirtualCallSystemOption } from "./VirtualCallSystemOption";
import { PasswordField } from "../../ui/PasswordField";

/**
 * Step 3: connection to the configurator (call-system controller), or the bundled virtual call
 * system instead; may be skipped. Once the initial user exists the anonymous wizard may no longer
 * change it (the server refuses): the step then shows what was chosen.
 */
export function ConfiguratorStep(): ReactNode {
  const { t } = useTranslation();
  const { data, refetch } = useAppData();
  const [{ fetching }, save] = useMutation(CREATE_INITIAL_CONFIGURATOR);
  // the virtual call system's loopback address is not a real controller's address and
  // does not belong in the real-controller form.
  const [ip, setIp] = useState(data.appState.configurator_virtual ? "" : (data.appState.configurator_ip ?? ""));
  // spec: "Configurator: ip, username (default admin), password."
  const [username, setUsername] = useState("admin");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<StepFieldErrors>({});
  const virtual = data.appState.configurator_set && data.appState.configurator_virtual;
  const locked = data.appState.has_initial_user && !isLoggedIn(data.user);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const parsed = configuratorInputSchema.safeParse({ ip, username, password });
    if (!parsed.success) {
      setErrors(translatedFieldErrors(t, firstFieldErrors(fieldErrors(parsed.error))));
      return;
    }
    setErrors({});
    const result = await save(parsed.data);
    if (result.error || !result.data?.createInitialConfigurator) {
      const fields = result.error ? stepFieldErrors(t, result.error, configuratorConnectionError) : null;
      if (fields) setErrors(fields);
      else notify({ type: "error", title: t("errors.saveFailedTitle"), text: t("errors.saveFailedText") });
      return;
    }
    notify({ type: "success", title: t("setup.configurator.savedTitle"), text: t("setup.configurator.savedText") });
    await refetch();
  };

  const virtualUsed = async (): Promise<void> => {
    setErrors({});
    setIp("");
    await refetch();
  };

  const doneText = virtual
    ? t("setup.configurator.virtual.chosen")
    : data.appState.configurator_ip
      ? t("setup.configurator.done", { ip: data.appState.configurator_ip })
      : t("setup.configurator.doneHidden");

  return (
    <Stack gap="sm">
      <Text fw={500} data-testid={TESTIDS.setup.configSubtitle}>
        {t("setup.configurator.subtitle")}
      </Text>
      <Text size="sm" c="dimmed">
        {t("setup.configurator.text")}
      </Text>
      {data.appState.configurator_set && (
        <Alert color="teal" icon={<IconPlugConnected size={18} />} data-testid={TESTIDS.setup.configDone} data-virtual={virtual}>
          {doneText}
        </Alert>
      )}
      {locked ? (
        <Text size="sm" c="dimmed" data-testid={TESTIDS.setup.configLocked}>
          {t("setup.configurator.lockedHint")}
        </Text>
      ) : (
        <>
          <VirtualCallSystemOption chosen={virtual} onUsed={virtualUsed} />
          <Divider label={t("setup.configurator.virtual.or")} labelPosition="center" />
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Stack gap="sm">
              <TextInput
                label={t("setup.configurator.ip")}
                placeholder="192.168.1.10"
                required
                value={ip}
                onChange={(event) => setIp(event.currentTarget.value)}
                error={errors["ip"]}
                data-testid={TESTIDS.setup.configIp}
              />
              <TextInput
                label={t("setup.configurator.username")}
                required
                autoComplete="off"
                value={username}
                onChange={(event) => setUsername(event.currentTarget.value)}
                error={errors["username"]}
                data-testid={TESTIDS.setup.configUser}
              />
              <PasswordField
                label={t("setup.configurator.password")}
                required
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={errors["password"]}
                data-testid={TESTIDS.setup.configPassword}
              />
              <Button type="submit" variant="light" loading={fetching} data-testid={TESTIDS.setup.configSave}>
                {t("common.save")}
              </Button>
            </Stack>
          </form>
          <Text size="xs" c="dimmed">
            {t("setup.skipHint")}
          </Text>
        </>
      )}
    </Stack>
  );
}
