// Issues an offline licence activation code, signed with the DEVELOPMENT key pair in this folder.
// Codes only activate servers that ship the bundled development public key: real customer codes
// are signed with the vendor's key, which is never in this repository.
//
//   npm run licence:issue -- --customer 123456 --name "Care Home Demo" [--id 42] [--version 5]
//     [--analytics] [--log] [--management] [--devices 500] [--visuals 10] [--app-clients 20] [--systems 2]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { encodeActivationCode } from "../apps/server/src/modules/licence/licence-code.ts";

const { values } = parseArgs({
  options: {
    customer: { type: "string" },
    name: { type: "string", default: "Development licence" },
    id: { type: "string", default: "1" },
    version: { type: "string", default: "5" },
    analytics: { type: "boolean", default: false },
    log: { type: "boolean", default: false },
    management: { type: "boolean", default: false },
    devices: { type: "string", default: "1000" },
    visuals: { type: "string", default: "10" },
    "app-clients": { type: "string", default: "0" },
    systems: { type: "string", default: "1" },
  },
});

if (!values.customer) {
  console.error("--customer <licence number, max 6 characters> is required");
  process.exit(2);
}

const payload = {
  licence_id: Number(values.id),
  customer: values.customer,
  name: values.name,
  version: Number(values.version),
  features: { analytics: values.analytics, log: values.log, management: values.management },
  limits: {
    devices: Number(values.devices),
    visuals: Number(values.visuals),
    app_clients: Number(values["app-clients"]),
    systems: Number(values.systems),
  },
  issued_at: new Date().toISOString(),
};
const key = readFileSync(new URL("./DEVELOPMENT-ONLY-licence-private-key.pem", import.meta.url), "utf8");
console.log(encodeActivationCode(payload, key));
