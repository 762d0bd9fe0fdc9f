import type { Env } from '../env';
import type { NetworkConfig } from './contract';

export type OAuthNetwork = 'twitter' | 'linkedin' | 'facebook' | 'instagram' | 'tiktok';

/** One network's endpoints and app credentials, read from env (see NETWORK_DEFAULTS). */
export function networkConfig(env: Env, network: OAuthNetwork): NetworkConfig {
  const prefix = network.toUpperCase() as Uppercase<OAuthNetwork>;
  return {
    clientId: env[`${prefix}_CLIENT_ID`],
    clientSecret: env[`${prefix}_CLIENT_SECRET`],
    authUrl: env[`${prefix}_AUTH_URL`],
    tokenUrl: env[`${prefix}_TOKEN_URL`],
    apiUrl: env[`${prefix}_API_URL`].replace(/\/$/, ''),
  };
}
