/**
 * The i18n key (under `configSyncErrors`) of a publish error text as the controller and the
 * server's changelog say it (spec §8 "Configuration", "Sync timeout", and the restart case).
 */
export const CONFIG_SYNC_ERROR_KEYS: Readonly<Record<string, string>> = {
  "duplicated position": "duplicatedPosition",
  "duplicated serial": "duplicatedSerial",
  "invalid config": "invalidConfig",
  "invalid schedule interval": "invalidScheduleInterval",
  "invalid value": "invalidValue",
  "missing call source": "missingCallSource",
  "missing relation": "missingRelation",
  "configurator did not start in time": "syncTimeout",
  "publish interrupted by a server restart": "interruptedByRestart",
};
