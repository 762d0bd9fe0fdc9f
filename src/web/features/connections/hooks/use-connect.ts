import { useTranslation } from 'react-i18next';
import type { Platform } from '../../../../shared/platforms/rules';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { failureText } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useStartConnect } from '../api/start-connect';

const isWebUrl = (url: unknown): url is string => typeof url === 'string' && /^https?:\/\//i.test(url);

/**
 * Connect (or Reconnect) an OAuth network: ask the server for the consent page and send the browser
 * there. It comes back to /posts?platform=…&connect=…, which `ConnectReturn` reads.
 */
export function useConnect() {
  const { t } = useTranslation();
  const start = useStartConnect();
  const connect = (platform: Platform) => {
    const name = PLATFORM_NAMES[platform];
    start.mutate(platform, {
      onSuccess: ({ url }) => {
        if (!isWebUrl(url)) {
          notify({ color: 'red', message: t('connections.invalidUrl', { platform: name }) });
          return;
        }
        window.location.assign(url);
      },
      onError: (error) =>
        notify({
          color: 'red',
          message: `${t('connections.connectFailed', { platform: name })} ${failureText(t, error, 'errors.generic')}`,
        }),
    });
  };
  // Stays busy after a good answer too: the page is on its way to the network.
  const busy = (platform: Platform) =>
    start.variables === platform && (start.isPending || (start.isSuccess && isWebUrl(start.data.url)));
  return { connect, busy };
}
