import { graphql } from "../../api/graphql";

/** A configurator as the wizard shows it after storing one. */
const CONFIGURATOR_FIELDS = graphql(`
  fragment SetupConfiguratorFields on SystemParams {
    id
    name
    ip
    username
  }
`);

export const CREATE_INITIAL_CONFIGURATOR = graphql(
  `
    mutation CreateInitialConfigurator($ip: String!, $username: String!, $password: String!) {
      createInitialConfigurator(ip: $ip, username: $username, password: $password) {
        ...SetupConfiguratorFields
      }
    }
  `,
  [CONFIGURATOR_FIELDS],
);

export const CREATE_INITIAL_USER = graphql(`
  mutation CreateInitialUser($username: String!, $password: String!, $locale: String!) {
    createInitialUser(username: $username, password: $password, locale: $locale) {
      id
      username
    }
  }
`);

/** Starts the bundled virtual call system and stores it as system 1's configurator (step 3). */
export const USE_VIRTUAL_CALL_SYSTEM = graphql(
  `
    mutation UseVirtualCallSystem {
      useVirtualCallSystem {
        ...SetupConfiguratorFields
      }
    }
  `,
  [CONFIGURATOR_FIELDS],
);

/** Confirms the last step: the setup completes here, not on user creation. */
export const FINISH_SETUP = graphql(`
  mutation FinishSetup {
    finishSetup
  }
`);
