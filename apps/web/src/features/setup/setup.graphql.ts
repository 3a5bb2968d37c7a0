import { gql, type TypedDocumentNode } from "urql";
import type { Licence } from "@caresuite/domain";

export const ACTIVATE_LICENSE: TypedDocumentNode<
  { activateLicense: Licence | null },
  { customer: string; code: string }
> = gql`
  mutation ActivateLicense($customer: String!, $code: String!) {
    activateLicense(customer: $customer, code: $code) {
      id
      name
      features {
        analytics
        log
        management
      }
      limits {
        devices
        visuals
        app_clients
        systems
      }
    }
  }
`;

export const CREATE_INITIAL_CONFIGURATOR: TypedDocumentNode<
  { createInitialConfigurator: { id: number; name: string; ip: string; username: string } | null },
  { ip: string; username: string; password: string }
> = gql`
  mutation CreateInitialConfigurator($ip: String!, $username: String!, $password: String!) {
    createInitialConfigurator(ip: $ip, username: $username, password: $password) {
      id
      name
      ip
      username
    }
  }
`;

export const CREATE_INITIAL_USER: TypedDocumentNode<
  { createInitialUser: { id: number; username: string } | null },
  { username: string; password: string; locale: string }
> = gql`
  mutation CreateInitialUser($username: String!, $password: String!, $locale: String!) {
    createInitialUser(username: $username, password: $password, locale: $locale) {
      id
      username
    }
  }
`;

/** Starts the bundled virtual call system and stores it as system 1's configurator (step 3). */
export const USE_VIRTUAL_CALL_SYSTEM: TypedDocumentNode<
  { useVirtualCallSystem: { id: number; name: string; ip: string; username: string } | null },
  Record<string, never>
> = gql`
  mutation UseVirtualCallSystem {
    useVirtualCallSystem {
      id
      name
      ip
      username
    }
  }
`;

/** Confirms the last step (issue 10): the setup completes here, not on user creation. */
export const FINISH_SETUP: TypedDocumentNode<{ finishSetup: boolean | null }, Record<string, never>> = gql`
  mutation FinishSetup {
    finishSetup
  }
`;
