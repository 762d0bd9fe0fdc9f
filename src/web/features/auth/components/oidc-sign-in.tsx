import { Button, Divider } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  OIDC_ERROR_CODES,
  type OidcConfigAnswer,
  type OidcErrorCode,
} from '../../../../shared/api/oidc.schemas';
import { ErrorAlert } from '../../../components/error-alert';

/** The server's start route: a navigation, so the browser follows its redirect to the provider. */
const START_URL = '/api/auth/oidc/start';

/** The failure a provider sign-in brought back (`/login?error=<code>`); an unknown code reads as a failure. */
export function OidcError() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const error = params.get('error');
  if (error === null) return null;
  const code: OidcErrorCode = (OIDC_ERROR_CODES as readonly string[]).includes(error)
    ? (error as OidcErrorCode)
    : 'oidc_failed';
  return <ErrorAlert>{t(`oidc.errors.${code}`)}</ErrorAlert>;
}

/**
 * The identity provider's button, with the operator's label or the translated default; followed by an
 * "or" rule when the password form comes after it.
 */
export function OidcSignIn({ config }: { config: OidcConfigAnswer }) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        component="a"
        href={START_URL}
        variant={config.passwordSignIn ? 'default' : 'filled'}
        leftSection={<IconLogin2 size={18} aria-hidden />}
        fullWidth
      >
        {config.label ?? t('oidc.button')}
      </Button>
      {config.passwordSignIn && <Divider label={t('oidc.or')} labelPosition="center" />}
    </>
  );
}
