import type { GraphQLSchema } from "graphql";
import { builder } from "./builder.ts";
// Each module registers its types and root fields on the builder when imported.
import "../modules/appdata/appdata.graphql.ts";
import "../modules/audit/audit.graphql.ts";
import "../modules/calls/calls.graphql.ts";
import "../modules/calls/callsystem-status.graphql.ts";
import "../modules/display/display.graphql.ts";
import "../modules/auth/auth.graphql.ts";
import "../modules/entities/entities.graphql.ts";
// After entities: the upload returns the registry's CheckpointMap type.
import "../modules/checkpoint-maps/checkpoint-maps.graphql.ts";
import "../modules/licence/licence.graphql.ts";
import "../modules/roles/roles.graphql.ts";
import "../modules/users/users.graphql.ts";
import "../modules/setup/setup.graphql.ts";
import "../modules/systems/systems.graphql.ts";
import "../modules/system-messages/system-messages.graphql.ts";
import "../modules/systemtree/systemtree.graphql.ts";
import "../modules/search/search.graphql.ts";
import "../modules/views/views.graphql.ts";
import "../modules/hubs/hubs.graphql.ts";
import "../modules/reports/reports.graphql.ts";
import "../modules/exports/exports.graphql.ts";
import "../modules/config-sync/config-sync.graphql.ts";
import "../modules/incidents/incidents.graphql.ts";
import "../modules/incidents/incident-notifications.graphql.ts";
import "../modules/analytics/analytics.graphql.ts";
import "../modules/ldap/ldap.graphql.ts";
import "../modules/system-ops/system-ops.graphql.ts";
import "../modules/tunnel/tunnel.graphql.ts";
import "../modules/online-backup/online-backup.graphql.ts";
import "../modules/updates/updates.graphql.ts";
import "../modules/backups/backups.graphql.ts";
import "../modules/defects/defects.graphql.ts";

let schema: GraphQLSchema | undefined;

/** The whole API schema, built once. */
export function buildSchema(): GraphQLSchema {
  schema ??= builder.toSchema({ sortSchema: true });
  return schema;
}
