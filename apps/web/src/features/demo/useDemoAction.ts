import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { HttpStatusError } from "../../api/rest";
import { notify } from "../../ui/notify";

/**
 * Runs one demo request at a time behind the busy overlay (spec: "shows a blocking busy overlay")
 * and says so when the call system refuses it.
 */
export function useDemoAction(): { busy: boolean; run: (action: () => Promise<void>, options?: { keepBusy?: boolean }) => Promise<boolean> } {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (action: () => Promise<void>, options: { keepBusy?: boolean } = {}): Promise<boolean> => {
      setBusy(true);
      try {
        await action();
        // A reset keeps the overlay until the page reloads.
        if (!options.keepBusy) setBusy(false);
        return true;
      } catch (error) {
        setBusy(false);
        const notConnected = error instanceof HttpStatusError && error.status === 409;
        notify({ type: "error", title: t("demo.errors.title"), text: t(notConnected ? "demo.errors.notConnected" : "demo.errors.failed") });
        return false;
      }
    },
    [t],
  );

  return { busy, run };
}
