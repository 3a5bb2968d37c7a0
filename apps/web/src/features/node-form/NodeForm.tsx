import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button, Grid, Group, Stack, Text } from "@mantine/core";
import { IconCopy, IconHistory } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { useMutation } from "urql";
import { hasPermission } from "@caresuite/domain";
import { openAuditLog } from "../../app/audit-log-state";
import { useModalRouteClose } from "../../app/ModalRoute";
import { useAppData } from "../../app/providers/AppDataProvider";
import { CloseSaveButtons } from "../../entity-admin/CloseSaveButtons";
import { ConfirmDeleteButton } from "../../entity-admin/ConfirmDeleteButton";
import { FailureAlert, UnsavedChangesAlert } from "../../entity-admin/FormAlerts";
import { deletedNotice, savedNotice, useFormMutation } from "../../entity-admin/useFormMutation";
import { useLeaveGuard } from "../../entity-admin/useLeaveGuard";
import * as TESTIDS from "../../testids";
import { Deferred } from "../../ui/Deferred";
import { translateFieldError } from "../../ui/field-error";
import { DeviceActionsMenu } from "./DeviceActionsMenu";
import { availableDeviceActions } from "./device-actions";
import { NodeFormContext, type NodeFormState } from "./node-form-context";
import { checkNodeInput, NODE_FORM_ERROR_FIELDS, nodeErrorOf } from "./node-form-check";
import {
  canChangeAnything,
  changedNodeInput,
  copyNodeValues,
  isFieldReadOnly,
  isInherited,
  sameNodeValues,
  valuesToNodeInput,
  withFilteredTexts,
  type NodeEditAccess,
  type NodeFormField,
  type NodeFormValues,
} from "./node-form-values";
import { CREATE_NODE, DELETE_NODE, NODE_CONTEXT, UPDATE_NODE, type NodeView } from "./node-form.graphql";
import { BlockedBanner, NodeHeader, ReadOnlyNotice } from "./NodeHeader";
import { NodeSide } from "./NodeSide";
import { CallSettings, DeviceSettings, IdentityAndTexts, type Inherited } from "./NodeSections";
import { newNodePath, nodeFlightProfilePath, nodeFormPath } from "./node-paths";

interface NodeFormProps {
  /** The stored node; null for a new one (spec "id -1 means a new record"). */
  node: NodeView | null;
  /** The values the form starts with (the node's, a copy's, or a new node's). */
  initialValues: NodeFormValues;
  /** What unsaved changes are measured against at the start (the node's values; a new node's empty values). */
  baseline: NodeFormValues;
  access: NodeEditAccess;
  inherited: Inherited;
}

const labelKey = (field: string): string => `nodeForm.fields.${field}`;

/**
 * The system tree node form (/tree/edit/:id?): every field of spec data §3.6 by topic, what the
 * user may not change read-only, the server's edit state said in words. The shared schema checks
 * before sending, the server again; a failed save keeps every typed value.
 */
export function NodeForm({ node, initialValues, baseline, access, inherited }: NodeFormProps): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { data: appData } = useAppData();
  const user = appData.user;
  const { close } = useModalRouteClose();
  const [values, setValues] = useState(initialValues);
  // What this form started from (or last saved): changes are measured against it, not against a
  // node refetched meanwhile, so a field someone else changed is not sent back unchanged.
  const [start, setStart] = useState(baseline);
  const { errors, failure, check, succeeded } = useFormMutation({ fields: NODE_FORM_ERROR_FIELDS, explainCheck: true });
  const [{ fetching: creating }, create] = useMutation(CREATE_NODE);
  const [{ fetching: updating }, update] = useMutation(UPDATE_NODE);
  const [{ fetching: deleting }, remove] = useMutation(DELETE_NODE);
  const { blocker, leave } = useLeaveGuard(!sameNodeValues(values, start));
  const editable = useMemo(() => new Set(access.editableFields), [access.editableFields]);
  const canSave = canChangeAnything(access);
  const formRef = useRef<HTMLFormElement>(null);

  // A long form: after a refused save the first field in error comes into view, with focus.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.scrollIntoView({ block: "center" });
    first?.focus({ preventScroll: true });
  }, [errors]);

  const state: NodeFormState = {
    nodeId: node?.id ?? null,
    values,
    set: (name, value) => setValues((previous) => ({ ...previous, [name]: value })),
    errorOf: (name: NodeFormField) => translateFieldError(t, nodeErrorOf(errors, name), labelKey),
    readOnly: (name: NodeFormField) => isFieldReadOnly(name, access) || isInherited(name, values),
  };

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    // spec data §5 "Input filter: on blur and update".
    const filtered = withFilteredTexts(values);
    setValues(filtered);
    const data = node ? changedNodeInput(filtered, start, editable) : valuesToNodeInput(filtered);
    if (!check(checkNodeInput(data, node ? "update" : "create"))) return;
    if (node) {
      const result = await update({ id: node.id, data }, NODE_CONTEXT);
      // The form stays open on the saved node: its notes, calls and history are here too.
      if (succeeded("save", result.error, result.data?.updateSystemTreeNode, (saved) => savedNotice(t, saved.name))) setStart(filtered);
      return;
    }
    const result = await create({ data }, NODE_CONTEXT);
    const created = result.data?.createSystemTreeNode;
    if (!succeeded("save", result.error, created, (saved) => savedNotice(t, saved.name)) || !created) return;
    leave(() => navigate({ pathname: nodeFormPath(created.id), search }, { replace: true }));
  };

  const deleteNode = async (): Promise<void> => {
    if (!node) return;
    const result = await remove({ ids: [node.id] }, NODE_CONTEXT);
    if (!succeeded("delete", result.error, result.data?.deleteSystemTreeNode, () => deletedNotice(t, node.name))) return;
    leave(close);
  };

  // spec data §4 "Copying resets id to -1": a create form with the values.
  const copy = (): void => {
    const copied = copyNodeValues(values, (name) => t("nodeForm.copyName", { name }));
    leave(() => navigate(newNodePath(values.parent_id), { state: { copy: copied } }));
  };

  const actions = node ? availableDeviceActions(user, node.open_calls) : [];
  const flightProfileLink =
    node && values.flight_profile_id !== null && hasPermission(user, "admin::manage_flightprofiles")
      ? nodeFlightProfilePath(node.id, values.flight_profile_id)
      : null;
  const tools = node && (
    <>
      {hasPermission(user, "admin::see_auditlog") && (
        <Button
          variant="default"
          size="xs"
          leftSection={<IconHistory size={14} />}
          onClick={() => openAuditLog({ entityType: "systemtree", entityId: node.id, name: node.name })}
          data-testid={TESTIDS.nodeForm.history}
        >
          {t("nodeForm.buttons.history")}
        </Button>
      )}
      <DeviceActionsMenu node={node} actions={actions} />
    </>
  );
  const someReadOnly = canSave && access.editableFields.length < Object.keys(valuesToNodeInput(values)).length;

  return (
    <NodeFormContext value={state}>
      <form
        ref={formRef}
        onSubmit={(event) => void submit(event)}
        noValidate
        data-testid={TESTIDS.nodeForm.form}
        data-id={node?.id ?? -1}
        data-can-save={canSave}
      >
        <Stack gap="md">
          <NodeHeader kind={values.kind} name={node?.name ?? values.name} isEnabled={values.is_enabled} parents={node?.parents ?? []} tools={tools} />
          <BlockedBanner reasons={node?.edit_state.blocked_by ?? []} />
          {(!canSave || someReadOnly) && access.canEdit && <ReadOnlyNotice none={!canSave} />}
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: node ? 8 : 12 }}>
              <Stack gap="md">
                <IdentityAndTexts parents={node?.parents ?? []} inherited={inherited} />
                {/* The node form ≤ 200 ms after the click (bench/tree.ts): name, parents and texts first, the
                    settings below the fold and the side panel (health, calls, children, notes) one frame later. */}
                <Deferred height={900} testId={TESTIDS.nodeForm.settings}>
                  <Stack gap="md">
                    <CallSettings
                      inherited={inherited}
                      flightProfileLink={flightProfileLink}
                      activeOverrideId={node?.active_display_group_override_id ?? null}
                    />
                    <DeviceSettings linkingNodes={node?.linking_nodes ?? []} positionUpdatedAt={node?.position_updated_at ?? null} />
                  </Stack>
                </Deferred>
              </Stack>
            </Grid.Col>
            {node && (
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Deferred height={600}>
                  <NodeSide node={node} canAddChild={canSave} />
                </Deferred>
              </Grid.Col>
            )}
          </Grid>
          {failure && <FailureAlert failure={failure} labelKey={labelKey} />}
          {blocker.state === "blocked" ? (
            <UnsavedChangesAlert blocker={blocker} />
          ) : (
            <Group justify="space-between" gap="xs">
              <Group gap="xs">
                {node && canSave && node.edit_state.can_delete && <ConfirmDeleteButton name={node.name} loading={deleting} onConfirm={deleteNode} />}
                {node && canSave && node.children.length > 0 && (
                  <Text size="xs" c="dimmed" maw={260}>
                    {t("nodeForm.blocked.noDelete")}
                  </Text>
                )}
                {node && canSave && (
                  <Button variant="subtle" leftSection={<IconCopy size={16} />} onClick={copy} data-testid={TESTIDS.nodeForm.copy}>
                    {t("nodeForm.buttons.copy")}
                  </Button>
                )}
              </Group>
              <CloseSaveButtons onClose={close} saving={creating || updating} canSave={canSave} />
            </Group>
          )}
        </Stack>
      </form>
    </NodeFormContext>
  );
}
