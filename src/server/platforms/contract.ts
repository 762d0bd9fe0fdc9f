import type { PlatformErrorCode } from '../../shared/platforms/error-codes';
import type { Platform } from '../../shared/platforms/rules';

/**
 * The one contract every network adapter implements (DESIGN.md section 6). The publishing worker knows
 * only this file: it decrypts credentials, renders the text, prepares the media list and calls `publish`;
 * the adapter speaks the network's HTTP API and turns every failure into a `PlatformError`.
 */

/** Where a network lives and who we are to it. Every URL comes from env so tests point at local fakes. */
export interface NetworkConfig {
  clientId?: string;
  clientSecret?: string;
  /** The page the browser is sent to for consent (OAuth 2.0 authorize endpoint). */
  authUrl: string;
  /** The OAuth 2.0 token endpoint (code exchange and refresh). */
  tokenUrl: string;
  /** The API base, without a trailing slash. */
  apiUrl: string;
}

/** Secrets of one connected account. Stored encrypted; never logged, never sent to the browser. */
export interface Credentials {
  accessToken: string;
  refreshToken?: string | null;
  /** ISO instant the access token stops working, when the network says. */
  expiresAt?: string | null;
  /** Anything else the network needs (Bluesky: app password and session; Facebook: the page token). */
  extra?: Record<string, string>;
}

export interface Account {
  /** The network's stable id of the account (X user id, Bluesky DID, LinkedIn person URN, page id …). */
  id: string;
  /** What the person recognises: a handle or a page name. */
  username: string;
}

export interface MediaFile {
  id: string;
  kind: 'image' | 'video';
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  altText: string;
  /**
   * The original file on disk (a temporary download when media live in a bucket). Adapters convert with
   * `prepareImage` (media.ts) to what they accept. Empty for an adapter that declares `pullsMedia`.
   */
  path: string;
  /** A signed, expiring URL on our server the network can fetch (Instagram, TikTok PULL_FROM_URL). */
  publicUrl: string;
}

export interface PublishInput {
  /** Stable across retries and crashes: the idempotency key of this (post, network) pair. */
  targetId: string;
  /** The post as this network will receive it: htmlToText of the post's HTML. */
  text: string;
  media: MediaFile[];
  credentials: Credentials;
  account: Account;
  /** Connection settings, e.g. `{ twitterAccountType: 'professional' }`. */
  settings: Record<string, string>;
  /**
   * An earlier attempt of this target started and never recorded its outcome (a crash or a timeout).
   * The adapter must look for that post on the account (or use `checkpoint`) before posting again.
   */
  resumed: boolean;
  /** When the first attempt of this target started; a post found on the account older than this is not ours. */
  firstAttemptAt: Date;
  /** Values an earlier attempt saved with `checkpoint` (TikTok's publish_id, an Instagram container id). */
  checkpoint: Record<string, string>;
  /** Saves values for a later attempt, durably, before the call that needs them continues. */
  saveCheckpoint: (values: Record<string, string>) => Promise<void>;
  /**
   * Stores credentials the adapter renewed by itself during the publish (a Bluesky session), so the
   * next publish resumes it instead of logging in again.
   */
  saveCredentials?: (credentials: Credentials) => Promise<void>;
  signal: AbortSignal;
}

export interface PublishResult {
  /** The network's id of the created post. */
  remoteId: string;
  /** A link to the live post, when the network has one. */
  url: string | null;
}

/**
 * How a failure is handled: `transient` is retried with backoff (network, timeout, 429, 5xx), `auth`
 * refreshes the token once and then asks the person to reconnect, `permanent` fails the target with
 * `message` shown to the person.
 */
export type FailureKind = 'transient' | 'permanent' | 'auth';

export class PlatformError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly options: {
      /** Wait at least this long before the next try (from Retry-After or a rate-limit reset header). */
      retryAfterMs?: number;
      /** The HTTP status the network answered, if any. */
      status?: number;
      /** A stable code the web translates (`unexpected_answer`, `rate_limited`, `timeout` …). */
      code?: PlatformErrorCode;
    } = {},
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}

export interface OAuthFlow {
  /** The consent page URL. PKCE S256 is always sent; networks that ignore it still get `state`. */
  authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  exchangeCode(
    input: { code: string; codeVerifier: string; redirectUri: string },
    signal: AbortSignal,
  ): Promise<{ credentials: Credentials; account: Account }>;
  /** A fresh access token; throws `PlatformError('auth')` when the grant is gone. */
  refresh(credentials: Credentials, signal: AbortSignal): Promise<Credentials>;
}

/** What reading one published post's figures needs: where it is and who we are to the network. */
export interface MetricsInput {
  /** The network's id of the post, as `publish` answered it. */
  remoteId: string;
  remoteUrl: string | null;
  credentials: Credentials;
  account: Account;
  settings: Record<string, string>;
  /** Stores credentials the adapter renewed by itself (a Bluesky session), as in `PublishInput`. */
  saveCredentials?: (credentials: Credentials) => Promise<void>;
  signal: AbortSignal;
}

/**
 * One post's figures as the network counts them at the moment of reading. A figure the network does not
 * give (Bluesky has no reach, LinkedIn no shares) is null, never 0: a zero is a count, a null says
 * "unknown", and summaries must not mistake one for the other.
 */
export interface MetricsReading {
  likes: number | null;
  /** Reposts, retweets and quotes: the post passed on. */
  shares: number | null;
  comments: number | null;
  /** Distinct accounts that saw the post. */
  reach: number | null;
  /** Times the post was shown (views, for video networks). */
  impressions: number | null;
}

export interface PlatformAdapter {
  platform: Platform;
  /** False when the network's client id or secret is missing from env: the UI says "not configured". */
  configured: boolean;
  /** Absent for Bluesky, which connects with a handle and an app password. */
  oauth?: OAuthFlow;
  /**
   * The network fetches every file from its `publicUrl` and the adapter never reads `path`: the
   * publisher then downloads nothing from a bucket for it (decision 026).
   */
  pullsMedia?: boolean;
  publish(input: PublishInput): Promise<PublishResult>;
  /**
   * The post's figures now. Failures are `PlatformError`s classified as for `publish`: `auth` (the
   * account needs reconnecting), `transient` (try at the next reading), `permanent` (`post_gone` when the
   * network no longer has the post).
   */
  fetchMetrics(input: MetricsInput): Promise<MetricsReading>;
}
