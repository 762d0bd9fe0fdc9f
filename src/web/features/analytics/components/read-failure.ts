import type { i18n as I18n, TFunction } from 'i18next';
import { wordedErrorCode } from '../../../../shared/platforms/error-codes';

/** Codes that mean the account's access is gone: the figures come back once it is reconnected. */
const ACCESS = new Set(['token_invalid', 'refresh_refused', 'no_refresh', 'bad_credentials']);

/**
 * Why a paused or failed metric read stopped, in the reader's language. A read is not a publish: no post
 * was refused and nothing waits for a "retry", so the codes whose publishing words would mislead (or need
 * the network's own words, which readings do not keep) have texts of their own in `analytics.readErrors`;
 * the network-side ones ("did not answer in time") share `networkErrors`; anything else is a plain
 * "could not give this post's figures".
 */
export function readFailureText(t: TFunction, i18n: I18n, code: string, platform: string): string {
  const worded = wordedErrorCode(code);
  const own = worded && ACCESS.has(worded) ? 'access' : worded;
  if (own && i18n.exists(`analytics.readErrors.${own}`))
    return t(`analytics.readErrors.${own}`, { platform });
  if (worded && i18n.exists(`networkErrors.${worded}`)) return t(`networkErrors.${worded}`, { platform });
  return t('analytics.readErrors.other', { platform });
}
