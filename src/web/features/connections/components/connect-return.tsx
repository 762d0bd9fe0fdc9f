import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isPlatform } from '../../../../shared/platforms/rules';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { notify } from '../../../lib/notify';
import { profileQueryKey } from '../../../lib/session';

const OUTCOMES = ['ok', 'denied', 'failed', 'invalid_state', 'too_many'] as const;
type Outcome = (typeof OUTCOMES)[number];

/**
 * Back from a network's consent page at /posts?platform=…&connect=ok|denied|failed|invalid_state|too_many: say
 * how it went, refresh the connections, and take the two parameters off the address (no reload, no new
 * history entry), so a reload does not say it again.
 */
export function ConnectReturn() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const platform = params.get('platform');
  const connect = params.get('connect');
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!connect || !isPlatform(platform)) return;
    const key = `${platform}:${connect}`;
    if (handled.current === key) return;
    handled.current = key;
    const outcome: Outcome = (OUTCOMES as readonly string[]).includes(connect)
      ? (connect as Outcome)
      : 'failed';
    notify({
      color: outcome === 'ok' ? 'green' : 'red',
      message: t(`connections.returned.${outcome}`, { platform: PLATFORM_NAMES[platform] }),
      autoClose: outcome === 'ok' ? 2000 : 6000,
    });
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('platform');
        next.delete('connect');
        return next;
      },
      { replace: true },
    );
  }, [platform, connect, t, queryClient, setParams]);

  return null;
}
