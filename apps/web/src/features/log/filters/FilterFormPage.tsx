import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, Box, Fieldset, Group, Input, MultiSelect, NumberInput, SegmentedControl, Select, Stack, Switch, TextInput } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useLocation, useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useMutation, useQuery } from "urql";
import { NEW_RECORD_ID } from "@caresuite/domain";
import { hasErrorCode } from "../../../api/errors";
import { useModalRouteClose } from "../../../app/ModalRoute";
import { CloseSaveButtons } from "../../../entity-admin/CloseSaveButtons";
import { FailureAlert, FormLoadError, FormLoading, UnsavedChangesAlert } from "../../../entity-admin/FormAlerts";
import { parseRecordId } from "../../../entity-admin/form-values";
import { savedNotice, useFormMutation } from "../../../entity-admin/useFormMutation";
import { useLeaveGuard } from "../../../entity-admin/useLeaveGuard";
import * as TESTIDS from "../../../testids";
import { translateFieldError } from "../../../ui/field-error";
import { SearchMultiSelect } from "../../../ui/SearchSelect";
import { LOG_PERIODS, LOG_STATES, filterFromParams, periodLabelKey, type LogFilterState, type LogPeriod, type LogState } from "../log-filter";
import { optionIds, useLogFilterOptions } from "../useLogFilterOptions";
import { useNodePicker } from "../LogPage";
import { FILTER_FORM_FIELDS, emptyFilterValues, filterFormErrors, filterInputOf, filterToValues, type FilterFormValues } from "./filter-form";
import { CALL_FILTER, CREATE_CALL_FILTER, FILTERS_CONTEXT, UPDATE_CALL_FILTER, type CallFilterRecord } from "./filters.graphql";

const labelKey = (field: string): string => `logFilters.fields.${field}`;

/** The modal route /log/filters/edit/:id?: a new filter starts from the log's filter in the query. */
export function FilterFormPage(): ReactNode {
  const { search, key } = useLocation();
  const raw = useParams()["id"];
  const id = raw === undefined ? NEW_RECORD_ID : parseRecordId(raw);
  const isNew = id === NEW_RECORD_ID;
  const [{ data, error }, reexecute] = useQuery({
    query: CALL_FILTER,
    variables: { id: Number.isNaN(id) ? 0 : id },
    pause: isNew || Number.isNaN(id),
    context: FILTERS_CONTEXT,
    requestPolicy: "cache-and-network",
  });
  if (isNew) {
    const values = emptyFilterValues(filterFromParams(new URLSearchParams(search)));
    return <FilterForm key={`new:${key}`} record={null} initialValues={values} />;
  }
  const record = data?.callFilter;
  const notFound = Number.isNaN(id) || hasErrorCode(error, "NOT_FOUND") || hasErrorCode(error, "MISSING_PERMISSION");
  if ((error || notFound) && !record) {
    return <FormLoadError notFound={notFound} onRetry={Number.isNaN(id) ? undefined : () => reexecute({ requestPolicy: "network-only" })} />;
  }
  if (!record) return <FormLoading />;
  return <FilterForm key={`edit:${record.id}`} record={record} initialValues={filterToValues(record)} />;
}

function FilterForm({ record, initialValues }: { record: CallFilterRecord | null; initialValues: FilterFormValues }): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { close } = useModalRouteClose();
  const [values, setValues] = useState(initialValues);
  const { errors, failure, check, succeeded } = useFormMutation({ fields: FILTER_FORM_FIELDS });
  const [{ fetching: creating }, create] = useMutation(CREATE_CALL_FILTER);
  const [{ fetching: updating }, update] = useMutation(UPDATE_CALL_FILTER);
  const { blocker, leave } = useLeaveGuard(JSON.stringify(values) !== JSON.stringify(initialValues));
  const readOnly = record !== null && !record.can_edit;
  const filter = values.filter;

  const { typeOptions, sectionOptions } = useLogFilterOptions();
  const nodes = useNodePicker(filter.nodeIds);

  const setFilter = (part: Partial<LogFilterState>): void => setValues((v) => ({ ...v, filter: { ...v.filter, ...part } }));
  const errorOf = (name: string): string | undefined => translateFieldError(t, errors[name], labelKey);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (readOnly || !check(filterFormErrors(values))) return;
    const data = filterInputOf(values);
    const result = record ? await update({ id: record.id, data }, FILTERS_CONTEXT) : await create({ data }, FILTERS_CONTEXT);
    const saved = result.data ? ("updateCallFilter" in result.data ? result.data.updateCallFilter : result.data.createCallFilter) : undefined;
    if (!succeeded("save", result.error, saved, (f) => savedNotice(t, f.name))) return;
    // A new filter goes on to its list; the log's filter stays in the query underneath.
    leave(() => void navigate({ pathname: "/log/filters", search }));
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid={TESTIDS.logFilters.form} data-id={record?.id ?? -1}>
      <Stack gap="sm">
        {readOnly && (
          <Alert color="gray" icon={<IconLock size={18} />} data-testid={TESTIDS.logFilters.readOnly}>
            {t("logFilters.readOnly")}
          </Alert>
        )}
        <Fieldset variant="unstyled" disabled={readOnly}>
          <Stack gap="sm">
            <TextInput
              label={t(labelKey("name"))}
              withAsterisk
              value={values.name}
              onChange={(e) => {
                const name = e.currentTarget.value;
                setValues((v) => ({ ...v, name }));
              }}
              error={errorOf("name")}
              maxLength={100}
              data-testid={TESTIDS.logFilters.field("name")}
            />
            <Group align="flex-start" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
              <Select
                label={t(labelKey("range"))}
                data={LOG_PERIODS.map((period) => ({ value: period, label: t(periodLabelKey(period)) }))}
                value={filter.period}
                onChange={(value) => value && setFilter({ period: value as LogPeriod })}
                allowDeselect={false}
                error={errorOf("range")}
                miw={200}
                data-testid={TESTIDS.logFilters.field("range")}
              />
              {filter.period === "CUSTOM" && (
                <>
                  <TextInput
                    type="date"
                    label={t(labelKey("custom_from"))}
                    withAsterisk
                    value={filter.from}
                    onChange={(e) => setFilter({ from: e.currentTarget.value })}
                    error={errorOf("custom_from")}
                    miw={160}
                    data-testid={TESTIDS.logFilters.field("from")}
                  />
                  <TextInput
                    type="date"
                    label={t(labelKey("custom_to"))}
                    withAsterisk
                    value={filter.to}
                    onChange={(e) => setFilter({ to: e.currentTarget.value })}
                    error={errorOf("custom_to")}
                    miw={160}
                    data-testid={TESTIDS.logFilters.field("to")}
                  />
                </>
              )}
            </Group>
            <MultiSelect
              label={t(labelKey("call_type_ids"))}
              data={typeOptions}
              value={filter.callTypeIds.map(String)}
              onChange={(list) => setFilter({ callTypeIds: optionIds(list) })}
              clearable
              searchable
              error={errorOf("call_type_ids")}
            />
            {sectionOptions.length > 0 && (
              <MultiSelect
                label={t(labelKey("section_ids"))}
                data={sectionOptions}
                value={filter.sectionIds.map(String)}
                onChange={(list) => setFilter({ sectionIds: optionIds(list) })}
                clearable
                searchable
                error={errorOf("section_ids")}
              />
            )}
            <SearchMultiSelect<string>
              label={t(labelKey("node_ids"))}
              placeholder={filter.nodeIds.length ? undefined : t("log.nodeSearch")}
              data={nodes.options}
              onSearch={nodes.onSearch}
              fetching={nodes.fetching}
              value={filter.nodeIds.map(String)}
              onChange={(values) => setFilter({ nodeIds: values.map(Number) })}
              clearable
              nothingFoundMessage={t("log.noNodes")}
              error={errorOf("node_ids")}
              onDropdownOpen={nodes.onOpen}
            />
            <Group align="flex-start" gap="sm" wrap="wrap">
              <NumberInput
                label={t(labelKey("min_duration"))}
                value={filter.minDurationMinutes ?? ""}
                onChange={(value) => setFilter({ minDurationMinutes: typeof value === "number" && value > 0 ? Math.floor(value) : null })}
                min={0}
                max={10_080}
                allowDecimal={false}
                error={errorOf("min_duration")}
                w={220}
              />
              <Box>
                <Input.Label id="log-filter-state-label" display="block">
                  {t(labelKey("state"))}
                </Input.Label>
                <SegmentedControl
                  aria-labelledby="log-filter-state-label"
                  value={filter.state}
                  onChange={(value) => setFilter({ state: value as LogState })}
                  data={LOG_STATES.map((state) => ({ value: state, label: t(`log.states.${state}`) }))}
                  disabled={readOnly}
                />
              </Box>
            </Group>
            <Switch
              label={t(labelKey("shared"))}
              description={t("logFilters.sharedHelp")}
              checked={values.shared}
              onChange={(e) => {
                const shared = e.currentTarget.checked;
                setValues((v) => ({ ...v, shared }));
              }}
              error={errorOf("shared")}
              data-testid={TESTIDS.logFilters.field("shared")}
            />
          </Stack>
        </Fieldset>
        {failure && <FailureAlert failure={failure} labelKey={labelKey} />}
        {blocker.state === "blocked" && <UnsavedChangesAlert blocker={blocker} />}
        <Group justify="flex-end">
          <CloseSaveButtons onClose={() => leave(close)} saving={creating || updating} canSave={!readOnly} />
        </Group>
      </Stack>
    </form>
  );
}
