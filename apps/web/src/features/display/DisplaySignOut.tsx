import { useState, type ReactNode } from "react";
import { Button } from "@mantine/core";
import { IconLogout } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { setSessionHint } from "../../api/app-data-loader";
import { postLogout } from "../../api/rest";
import { notify } from "../../ui/notify";
import * as TESTIDS from "../../testids";

/**
 * Sign-out on the board. Until the tree and the log have screens, sign-in lands a nurse on this
 * board and nowhere else: without it, a shared ward PC would stay signed in as her. The board is a
 * page of its own (no router), so it leaves for /login by a full page load.
 */
export function DisplaySignOut(): ReactNode {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const signOut = async (): Promise<void> => {
    setPending(true);
    try {
      const response = await postLogout();
      if (!response.ok) throw new Error("logout refused by server");
      setSessionHint(false);
      window.location.assign("/login");
    } catch {
      notify({ type: "error", title: t("logout.failedTitle"), text: t("logout.failedText") });
      setPending(false);
    }
  };
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconLogout size={16} />}
      loading={pending}
      onClick={() => void signOut()}
      data-testid={TESTIDS.display.signOut}
    >
      {t("shell.logout")}
    </Button>
  );
}
