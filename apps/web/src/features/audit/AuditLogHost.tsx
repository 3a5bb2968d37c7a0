import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from "react";
import { showAuditLogButton } from "@caresuite/domain";
import { useStore } from "../../api/store";
import { useAppData } from "../../app/providers/AppDataProvider";
import { addCataloguePart } from "../../i18n";
import { ADMIN_CATALOGUE } from "../../i18n/admin-catalogue";
import { AUDIT_CATALOGUE } from "../../i18n/audit-catalogue";
import { NODE_FORM_CATALOGUE } from "../../i18n/node-form-catalogue";
import { auditLogOpen, closeAuditLog } from "../../app/audit-log-state";

// Code and texts load on the first opening: the modal's own texts plus the admin catalogue,
// whose entity, field and permission labels the entries are shown with.
const AuditLogModal = lazy(async (): Promise<{ default: ComponentType<{ onClose: () => void }> }> => {
  const [module] = await Promise.all([
    import("./AuditLogModal"),
    addCataloguePart(ADMIN_CATALOGUE),
    addCataloguePart(AUDIT_CATALOGUE),
    addCataloguePart(NODE_FORM_CATALOGUE),
  ]);
  return { default: module.AuditLogModal };
});

/**
 * Renders the audit log modal while its app-level flag is set and the user may see it (the same
 * rule as the button: admin::see_auditlog, not while a configuration commit runs).
 */
export function AuditLogHost({ committing }: { committing: boolean }): ReactNode {
  const open = useStore(auditLogOpen);
  const { data } = useAppData();
  const allowed = showAuditLogButton({ user: data.user, committing });

  useEffect(() => {
    if (open && !allowed) closeAuditLog();
  }, [open, allowed]);

  if (!open || !allowed) return null;
  return (
    <Suspense fallback={null}>
      <AuditLogModal onClose={closeAuditLog} />
    </Suspense>
  );
}
