import { licenceStatus, type Licence } from "@caresuite/domain";

/** A translated sentence about the licence: its key and values. */
export interface LicenceText {
  key: string;
  values: Record<string, string | number>;
}

/**
 * What the footer says about the licence. Without one it is "unlicensed with the default limits"
 * (spec: "The default systems limit is 1"), the same as the configurator list says when that limit
 * is reached (not "not licensed" here and "licence exhausted (systems: 1)" there).
 */
export function footerLicenceText(licence: Licence): LicenceText {
  switch (licenceStatus(licence)) {
    case "unlicensed":
      return { key: "footer.unlicensedDefault", values: { systems: licence.limits.systems } };
    case "demo":
      return { key: "footer.demoHint", values: {} };
    case "licensed":
      return { key: "footer.licence", values: { name: licence.name } };
  }
}

/** What the configurator list says once the licence's systems are all used (spec §8 "Max reached"). */
export function systemsLimitText(licence: Licence): LicenceText {
  const values = { max: licence.limits.systems };
  switch (licenceStatus(licence)) {
    case "unlicensed":
      return { key: "systemParams.limitUnlicensed", values };
    case "demo":
      return { key: "systemParams.limitDemo", values };
    case "licensed":
      return { key: "systemParams.limitReached", values };
  }
}
