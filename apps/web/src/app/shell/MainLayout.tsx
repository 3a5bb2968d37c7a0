import { Suspense, useState, type ReactNode } from "react";
import { Box } from "@mantine/core";
import { Outlet } from "react-router";
import { showTopBar } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import { useSystemContext } from "../../app/providers/SystemProvider";
import { PageLoader } from "../../ui/PageLoader";
import { AuditLogHost } from "../../features/audit/AuditLogHost";
import { AppFooter } from "./AppFooter";
import { MainHeader } from "./MainHeader";
import { MobileMenu } from "./MobileMenu";
import { OutdatedHubsBanner } from "./OutdatedHubsBanner";
import { TopBar } from "./TopBar";
import { useCommitting } from "./useCommitting";
import { useConfigSync } from "./useConfigSync";

/** The main layout ("application shell") around every logged-in screen. */
export function MainLayout(): ReactNode {
  const { data } = useAppData();
  const { systemId } = useSystemContext();
  const [menuOpen, setMenuOpen] = useState(false);
  const committing = useCommitting(useConfigSync().commitStart);

  return (
    <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }}>
      {showTopBar(data.user, data.systems.length) && <TopBar committing={committing} />}
      <MainHeader committing={committing} menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
      <MobileMenu opened={menuOpen} onClose={() => setMenuOpen(false)} />
      <OutdatedHubsBanner />
      {/* spec: "The main view is rebuilt when the system context changes." */}
      <Box component="main" key={systemId} p="md" style={{ flex: 1 }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <AppFooter />
      <AuditLogHost committing={committing} />
    </Box>
  );
}
