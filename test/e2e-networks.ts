/** A port nothing listens on (discard): what an app under an e2e test reaches instead of a network. */
export const NOWHERE = 'http://127.0.0.1:9';

/**
 * Every OAuth network with an app on the server (the composer offers only those), each at a closed port
 * on this machine, and Bluesky's service there too: nothing leaves the machine. A spec that talks to a
 * fake spreads the fake's env after this.
 */
export const E2E_NETWORKS: Record<string, string> = {
  ...Object.fromEntries(
    ['TWITTER', 'FACEBOOK', 'INSTAGRAM', 'LINKEDIN', 'TIKTOK'].flatMap((network) => [
      [`${network}_CLIENT_ID`, 'e2e-client'],
      [`${network}_CLIENT_SECRET`, 'e2e-secret'],
      [`${network}_AUTH_URL`, NOWHERE],
      [`${network}_TOKEN_URL`, NOWHERE],
      [`${network}_API_URL`, NOWHERE],
    ]),
  ),
  BLUESKY_SERVICE_URL: NOWHERE,
};
