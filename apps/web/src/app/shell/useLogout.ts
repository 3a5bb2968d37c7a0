import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { setSessionHint } from "../../api/app-data-loader";
import { postLogout } from "../../api/rest";
import { log } from "../../api/log";
import { useAppData } from "../../app/providers/AppDataProvider";
import { notify } from "../../ui/notify";

/**
 * spec: "Logout is a POST to the backend; on failure an error notification shows and the user
 * stays logged in."
 */
export function useLogout(): { logout: () => Promise<void>; pending: boolean } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refetch } = useAppData();
  const [pending, setPending] = useState(false);

  const logout = useCallback(async () => {
    setPending(true);
    try {
      const response = await postLogout();
      if (!response.ok) throw new Error("logout refused by server");
      setSessionHint(false);
      await refetch();
      navigate("/login");
    } catch (error) {
      log.warn("logout failed", error);
      notify({ type: "error", title: t("logout.failedTitle"), text: t("logout.failedText") });
    } finally {
      setPending(false);
    }
  }, [navigate, refetch, t]);

  return { logout, pending };
}
