import { builder } from "../../graphql/builder.ts";
import { runsWithDevelopmentKey } from "./licence-key.ts";
import { activateLicence, currentLicence } from "./licence.service.ts";
import type { Licence } from "@caresuite/domain";

const LicenceFeatures = builder.objectRef<Licence["features"]>("LicenseFeatures").implement({
  fields: (t) => ({
    analytics: t.exposeBoolean("analytics"),
    log: t.exposeBoolean("log"),
    management: t.exposeBoolean("management"),
  }),
});

const LicenceLimits = builder.objectRef<Licence["limits"]>("LicenseLimits").implement({
  fields: (t) => ({
    devices: t.exposeInt("devices"),
    visuals: t.exposeInt("visuals"),
    app_clients: t.exposeInt("app_clients"),
    systems: t.exposeInt("systems"),
  }),
});

export const LicenceType = builder.objectRef<Licence>("License").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    features: t.field({ type: LicenceFeatures, resolve: (l) => l.features }),
    limits: t.field({ type: LicenceLimits, resolve: (l) => l.limits }),
    development_key: t.boolean({
      description: "The server trusts the development licence key (development mode only); the footer says so.",
      resolve: (_l, _args, ctx) => runsWithDevelopmentKey(ctx.config),
    }),
  }),
});

builder.queryField("license", (t) =>
  t.field({
    type: LicenceType,
    description: "The active licence; public because the shell shows its name and gates modules by it.",
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => currentLicence(ctx),
  }),
);

builder.mutationField("activateLicense", (t) =>
  t.field({
    type: LicenceType,
    args: { customer: t.arg.string({ required: true }), code: t.arg.string({ required: true }) },
    authScopes: { $any: { setupOpen: true, writePermission: "admin::manage_system" } },
    resolve: (_root, args, ctx) => activateLicence(ctx, args),
  }),
);
