import type { ReactNode } from "react";
import { Anchor, Fieldset, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  LONG_TEXT_MAX_LENGTH,
  SCHEDULE_SENTINELS,
  SHORT_TEXT_MAX_LENGTH,
  SYSTEM_TREE_NODE_KINDS,
  nodeFieldGroups,
  type NodeFieldGroup,
  type RefField,
  type RefListField,
} from "@caresuite/domain";
import { formatDateTime } from "../../i18n/format";
import * as TESTIDS from "../../testids";
import { NodeDisplayText, NodeNumberInput, NodePicker, NodeRefSelect, NodeRefsSelect, NodeSelect, NodeSwitch, NodeTextarea, NodeTextInput } from "./NodeFields";
import { NodeLinks } from "./NodeRelated";
import { useNodeForm } from "./node-form-context";
import type { NodeSummary } from "./node-form.graphql";

const SECTION: RefField = { kind: "ref", entity: "section" };
const CALL_SOURCE: RefField = { kind: "ref", entity: "callSource" };
const SCHEDULE: RefField = { kind: "ref", entity: "schedule", sentinels: SCHEDULE_SENTINELS };
const FLIGHT_PROFILE: RefField = { kind: "ref", entity: "flightProfile" };
const DISPLAY_GROUPS: RefListField = { kind: "refs", entity: "displayGroup" };

/** What the node inherits from above (the server's `resolved` values), for the inherit switches. */
export interface Inherited {
  text_short: string;
  text_long: string;
  sectionName: string | null;
  flightProfileName: string | null;
}

/** The field groups of the node's kind (a room has no device settings); follows a kind changed in the form. */
function useFieldGroups(): ReadonlySet<NodeFieldGroup> {
  const { values } = useNodeForm();
  return new Set(nodeFieldGroups(values.kind));
}

function Section({ titleKey, children }: { titleKey: string; children: ReactNode }): ReactNode {
  const { t } = useTranslation();
  const group = titleKey.slice(titleKey.lastIndexOf(".") + 1);
  return (
    <Fieldset legend={t(titleKey)} variant="filled" p="sm" data-testid={TESTIDS.nodeForm.section} data-group={group}>
      <Stack gap="sm">{children}</Stack>
    </Fieldset>
  );
}

function InheritedHint({ on, value }: { on: boolean; value: string | null }): ReactNode {
  const { t } = useTranslation();
  if (!on) return null;
  return value ? t("nodeForm.help.inherited", { value }) : t("nodeForm.help.inheritedNone");
}

/** Identity (name, number, kind, parent, enabled) and the display texts with their inherit switches. */
export function IdentityAndTexts({ parents, inherited }: { parents: readonly NodeSummary[]; inherited: Inherited }): ReactNode {
  const { t } = useTranslation();
  const { values } = useNodeForm();
  const kinds = SYSTEM_TREE_NODE_KINDS.map((kind) => ({ value: kind, label: t(`nodeForm.kinds.${kind}`) })).sort((a, b) => a.label.localeCompare(b.label));
  return (
    <>
      <Section titleKey="nodeForm.sections.identity">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NodeTextInput name="name" required />
          <NodeNumberInput name="number" min={0} />
          <NodeSelect name="kind" data={kinds} />
          <NodePicker
            name="parent_id"
            purpose="PARENT"
            // The stored parent's name: the form's node lists its parent chain, direct parent first.
            currentName={parents[0]?.id === values.parent_id ? (parents[0]?.name ?? null) : null}
          />
        </SimpleGrid>
        <NodeSwitch name="is_enabled" />
        <NodeTextarea name="comment" />
      </Section>
      <Section titleKey="nodeForm.sections.texts">
        <Text size="xs" c="dimmed">
          {t("nodeForm.help.textRule")}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Stack gap={6}>
            <NodeDisplayText
              name="text_short"
              max={SHORT_TEXT_MAX_LENGTH}
              description={<InheritedHint on={values.inherit_text_short} value={inherited.text_short} />}
            />
            <NodeSwitch name="inherit_text_short" />
          </Stack>
          <Stack gap={6}>
            <NodeDisplayText
              name="text_long"
              max={LONG_TEXT_MAX_LENGTH}
              description={<InheritedHint on={values.inherit_text_long} value={inherited.text_long} />}
            />
            <NodeSwitch name="inherit_text_long" />
          </Stack>
        </SimpleGrid>
      </Section>
    </>
  );
}

/** Section and call source, sound and night, behaviour, schedule and display groups, wander protection. */
export function CallSettings({
  inherited,
  flightProfileLink,
  activeOverrideId,
}: {
  inherited: Inherited;
  flightProfileLink: string | null;
  activeOverrideId: number | null;
}): ReactNode {
  const { t } = useTranslation();
  const { values } = useNodeForm();
  const groups = useFieldGroups();
  return (
    <>
      <Section titleKey="nodeForm.sections.sectionSource">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Stack gap={6}>
            <NodeRefSelect name="section_id" field={SECTION} description={<InheritedHint on={values.inherit_section} value={inherited.sectionName} />} />
            <NodeSwitch name="inherit_section" />
          </Stack>
          <NodeRefSelect name="call_source_id" field={CALL_SOURCE} />
        </SimpleGrid>
      </Section>
      {groups.has("soundNight") && (
        <Section titleKey="nodeForm.sections.soundNight">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NodeNumberInput name="day_sound_level" min={0} max={10} description={t("nodeForm.help.soundLevel")} />
            <NodeNumberInput name="night_sound_level" min={0} max={10} description={t("nodeForm.help.soundLevel")} />
            <NodeNumberInput name="display_time" min={0} description={t("nodeForm.help.displayTime")} />
          </SimpleGrid>
          <NodeSwitch name="disable_buzzer_at_night" />
          <NodeSwitch name="mask_time_at_night" />
        </Section>
      )}
      <Section titleKey="nodeForm.sections.behaviour">
        <NodeSwitch name="show_calls_without_presence" />
        <NodeSwitch name="use_activity_control" />
        <NodeSwitch name="deny_manual_call_closure" />
      </Section>
      <Section titleKey="nodeForm.sections.display">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NodeRefSelect name="schedule_id" field={SCHEDULE} />
          <NodeRefsSelect name="display_group_ids" field={DISPLAY_GROUPS} />
        </SimpleGrid>
        {activeOverrideId !== null && (
          <Text size="sm" c="orange.8">
            {t("nodeForm.help.activeOverride", { id: activeOverrideId })}
          </Text>
        )}
      </Section>
      <Section titleKey="nodeForm.sections.flightProfile">
        <NodeRefSelect
          name="flight_profile_id"
          field={FLIGHT_PROFILE}
          description={<InheritedHint on={values.inherit_flight_profile} value={inherited.flightProfileName} />}
        />
        <NodeSwitch name="inherit_flight_profile" />
        {flightProfileLink && (
          <Anchor component={Link} to={flightProfileLink} size="sm" data-testid={TESTIDS.nodeForm.flightProfileLink}>
            {t("nodeForm.buttons.editFlightProfile")}
          </Anchor>
        )}
        {!flightProfileLink && values.flight_profile_id !== null && (
          <Text size="xs" c="dimmed">
            {t("nodeForm.flightProfile.readOnly")}
          </Text>
        )}
      </Section>
    </>
  );
}

/** Linking (linked node, the nodes linking here) and the device's hardware and texts. */
export function DeviceSettings({ linkingNodes, positionUpdatedAt }: { linkingNodes: readonly NodeSummary[]; positionUpdatedAt: string | null }): ReactNode {
  const { t } = useTranslation();
  // Linking, hardware and device texts are a device's (spec data §3.6; rules/node-field-groups.ts).
  if (!useFieldGroups().has("device")) return null;
  return (
    <>
      <Section titleKey="nodeForm.sections.linking">
        <NodeSwitch name="is_linkable" />
        <NodePicker name="linked_system_tree_node_id" purpose="LINK" currentName={null} description={t("nodeForm.help.linkChain")} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t("nodeForm.linkingNodes")}
          </Text>
          <NodeLinks nodes={linkingNodes} emptyKey="nodeForm.linkingNone" testId={TESTIDS.nodeForm.linkingNode} />
        </Stack>
      </Section>
      <Section titleKey="nodeForm.sections.device">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NodeTextInput name="serial" />
          <NodeTextInput name="mac" />
          <NodeTextInput name="callback_number" />
          <NodeTextInput
            name="position"
            description={positionUpdatedAt ? t("nodeForm.help.positionUpdated", { time: formatDateTime(positionUpdatedAt) }) : undefined}
          />
        </SimpleGrid>
        <NodeSwitch name="is_tech" />
        <NodeSwitch name="radio" />
      </Section>
      <Section titleKey="nodeForm.sections.deviceTexts">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NodeDisplayText name="device_text_call_source" max={LONG_TEXT_MAX_LENGTH} />
          <NodeDisplayText name="device_text_checkpoint" max={LONG_TEXT_MAX_LENGTH} />
          <NodeDisplayText name="device_text_button" max={LONG_TEXT_MAX_LENGTH} />
        </SimpleGrid>
      </Section>
    </>
  );
}
