import { useState, type ReactNode } from "react";
import { Alert, Button, FileButton, Group, Text } from "@mantine/core";
import { IconAlertCircle, IconUpload } from "@tabler/icons-react";
import { useMutation } from "urql";
import { useTranslation } from "react-i18next";
import { acceptedContentTypes, checkpointMap, checkUpload, SIGNATURE_BYTES, uploadLimitText } from "@caresuite/domain";
import { validationFieldErrors, type FieldError } from "../../../api/errors";
import { cacheContext } from "../../../entity-admin/entity-documents";
import { fieldLabelKey } from "../../../entity-admin/entity-labels";
import * as TESTIDS from "../../../testids";
import { translateFieldError } from "../../../ui/field-error";
import { notify } from "../../../ui/notify";
import { UPLOAD_MAP_IMAGE } from "./checkpoint-maps.graphql";

const FIELD = "map_path";
const CONTEXT = cacheContext(checkpointMap);

/**
 * Upload or replace the map image (spec: "Map image: max 5 MB"). The domain's upload rule runs
 * here first, on the file's first bytes, so a wrong file is refused before it is sent; the
 * server runs the same rule again. A refused file leaves the current image as it is.
 */
export function MapImageUpload({ mapId, hasImage }: { mapId: number; hasImage: boolean }): ReactNode {
  const { t } = useTranslation();
  const [error, setError] = useState<FieldError | null>(null);
  const [{ fetching }, upload] = useMutation(UPLOAD_MAP_IMAGE);

  const choose = async (file: File | null): Promise<void> => {
    if (!file) return;
    setError(null);
    const firstBytes = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
    const check = checkUpload("map_image", { name: file.name, size: file.size, type: file.type, firstBytes });
    if (!check.ok) {
      setError({ message: check.message, data: { field: FIELD, ...check.data } });
      return;
    }
    const result = await upload({ id: mapId, file }, CONTEXT);
    if (result.error || !result.data?.uploadCheckpointMapImage) {
      const fieldError = result.error ? validationFieldErrors(result.error)[FIELD] : undefined;
      setError(fieldError ?? { message: "checkpointMaps.uploadFailed", data: {} });
      return;
    }
    notify({ type: "success", title: t("checkpointMaps.uploadedTitle"), text: t("checkpointMaps.uploadedText", { name: file.name }) });
  };

  return (
    <div>
      <Group gap="sm" align="center">
        <FileButton
          onChange={(file) => void choose(file)}
          accept={acceptedContentTypes("map_image").join(",")}
          inputProps={{ "data-testid": TESTIDS.checkpointMaps.uploadInput } as Record<string, string>}
        >
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={fetching} data-testid={TESTIDS.checkpointMaps.upload}>
              {t(hasImage ? "checkpointMaps.replaceImage" : "checkpointMaps.uploadImage")}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed" data-testid={TESTIDS.checkpointMaps.uploadLimit}>
          {t("checkpointMaps.uploadLimit", { max: uploadLimitText("map_image") })}
        </Text>
      </Group>
      {error && (
        <Alert mt="xs" color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid={TESTIDS.checkpointMaps.uploadError}>
          {translateFieldError(t, error, (field) => fieldLabelKey(checkpointMap, field))}
        </Alert>
      )}
    </div>
  );
}
