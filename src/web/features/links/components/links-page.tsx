import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  CopyButton,
  Group,
  Loader,
  Pagination,
  ScrollArea,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type LinkSettings,
  LinkSettingsWriteSchema,
  type ShortLink,
} from '../../../../shared/api/links.schemas';
import { htmlToText } from '../../../../shared/platforms/html-to-text';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { PlatformIcon } from '../../../components/platform-icon';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { useLinkPreset } from '../../../lib/link-preset';
import { notify } from '../../../lib/notify';
import { useTimeZone } from '../../../lib/time-zone';
import { workspacePath, useWorkspaceId } from '../../../lib/workspace';
import { useCan } from '../../../lib/workspace-role';
import { LINKS_PAGE, useLinks } from '../api/get-links';
import { useSaveLinkSettings } from '../api/save-settings';
import { useSetLink } from '../api/set-link';

type Fields = Partial<Record<'utmMedium' | 'utmCampaign', string>>;

/** The preset: short links, UTM parameters and their values; read-only for those who may not change it. */
function PresetCard({ preset }: { preset: LinkSettings }) {
  const { t } = useTranslation();
  const mayChange = useCan('manageSettings');
  const save = useSaveLinkSettings();
  const [shorten, setShorten] = useState(preset.shorten);
  const [utm, setUtm] = useState(preset.utm);
  const [medium, setMedium] = useState(preset.utmMedium);
  const [campaign, setCampaign] = useState(preset.utmCampaign);
  const [fields, setFields] = useState<Fields>({});
  const submit = () => {
    const body = { shorten, utm, utmMedium: medium, utmCampaign: campaign };
    const checked = LinkSettingsWriteSchema.safeParse(body);
    if (!checked.success) {
      setFields(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setFields({});
    save.mutate(body, {
      onSuccess: () => notify({ color: 'green', message: t('links.saved') }),
      onError: (error) => {
        if (error instanceof ApiRequestError && error.fields) setFields(error.fields as Fields);
        else notify({ color: 'red', message: errorMessage(t, error) });
      },
    });
  };
  const example = `${preset.base}Ab3dE6gH9k`;
  return (
    <Card withBorder padding="md" component="section" aria-label={t('links.presetTitle')}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('links.presetTitle')}
        </Title>
        <Switch
          label={t('links.shorten')}
          description={t('links.shortenHelp', { example })}
          checked={shorten}
          onChange={(event) => setShorten(event.currentTarget.checked)}
          disabled={!mayChange}
        />
        <Switch
          label={t('links.utm')}
          description={t('links.utmHelp')}
          checked={utm}
          onChange={(event) => setUtm(event.currentTarget.checked)}
          disabled={!mayChange}
        />
        {utm && (
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('links.medium')}
              value={medium}
              onChange={(event) => {
                setMedium(event.currentTarget.value);
                setFields((f) => ({ ...f, utmMedium: undefined }));
              }}
              error={fields.utmMedium ? t(fields.utmMedium) : undefined}
              disabled={!mayChange}
              miw={180}
            />
            <TextInput
              label={t('links.campaign')}
              description={t('links.campaignHelp')}
              value={campaign}
              onChange={(event) => {
                setCampaign(event.currentTarget.value);
                setFields((f) => ({ ...f, utmCampaign: undefined }));
              }}
              error={fields.utmCampaign ? t(fields.utmCampaign) : undefined}
              disabled={!mayChange}
              miw={180}
            />
          </Group>
        )}
        {mayChange ? (
          <Group justify="flex-end">
            <Button onClick={submit} loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('links.readOnly')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** One short link: its post, network, address and where it leads, its clicks, and whether it answers. */
function LinkRow({ link }: { link: ShortLink }) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const workspace = useWorkspaceId() ?? '';
  const mayChange = useCan('scheduleWithoutApproval');
  const set = useSetLink();
  const count = new Intl.NumberFormat(i18n.language);
  const toggle = (disabled: boolean) =>
    set.mutate(
      { id: link.id, disabled },
      {
        onSuccess: () =>
          notify({ color: 'green', message: t(disabled ? 'links.turnedOff' : 'links.turnedOn') }),
        onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
      },
    );
  return (
    <Table.Tr>
      <Table.Td maw={220}>
        <Anchor
          component={Link}
          to={`${workspacePath(workspace, '/posts')}?post=${link.postId}`}
          size="sm"
          lineClamp={2}
        >
          {htmlToText(link.post) || t('analytics.noText')}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <PlatformIcon platform={link.platform} />
          <Text size="sm">{PLATFORM_NAMES[link.platform]}</Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Text
            size="sm"
            ff="monospace"
            style={{ whiteSpace: 'nowrap' }}
            td={link.disabled ? 'line-through' : undefined}
          >
            {link.shortUrl.replace(/^https?:\/\//, '')}
          </Text>
          <CopyButton value={link.shortUrl}>
            {({ copied, copy }) => (
              <Tooltip label={t(copied ? 'links.copied' : 'links.copy')}>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  onClick={copy}
                  aria-label={t('links.copyLink', { link: link.shortUrl })}
                >
                  {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Table.Td>
      <Table.Td maw={280}>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {link.url}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" fw={600}>
          {count.format(link.clicks)}
        </Text>
        {link.bots > 0 && (
          <Text size="xs" c="dimmed">
            {t('analytics.botClicks', { n: count.format(link.bots) })}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatDate(link.createdAt, { timeZone: zone })}</Text>
      </Table.Td>
      <Table.Td>
        <Switch
          checked={!link.disabled}
          onChange={(event) => toggle(!event.currentTarget.checked)}
          disabled={!mayChange || set.isPending}
          aria-label={t('links.answers', { link: link.shortUrl })}
        />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Links (issue 27): the workspace's preset for the addresses in its posts (short links that count clicks,
 * UTM parameters) and every short link made so far with its clicks, people apart from crawlers and bots.
 */
export function LinksPage() {
  const { t } = useTranslation();
  const preset = useLinkPreset();
  const [page, setPage] = useState(0);
  const links = useLinks(page);
  const pages = Math.ceil((links.data?.total ?? 0) / LINKS_PAGE);
  return (
    <Container size="lg" py="md">
      <Stack>
        <Title order={1}>{t('links.title')}</Title>
        <Text c="dimmed">{t('links.intro')}</Text>
        {preset ? (
          <PresetCard key={JSON.stringify(preset)} preset={preset} />
        ) : (
          <Loader aria-label={t('common.loading')} />
        )}
        <Title order={2} size="h4">
          {t('links.listTitle')}
        </Title>
        {links.isError && (
          <Alert color="red" role="alert">
            {errorMessage(t, links.error, 'links.failed')}
          </Alert>
        )}
        {links.isPending && <Loader aria-label={t('common.loading')} />}
        {links.data?.total === 0 && <Alert color="blue">{t('links.empty')}</Alert>}
        {!!links.data?.data.length && (
          <ScrollArea type="auto" offsetScrollbars>
            <Table striped highlightOnHover miw={980} data-testid="short-links">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('links.post')}</Table.Th>
                  <Table.Th>{t('links.network')}</Table.Th>
                  <Table.Th>{t('links.shortLink')}</Table.Th>
                  <Table.Th>{t('links.leadsTo')}</Table.Th>
                  <Table.Th>{t('analytics.clicks')}</Table.Th>
                  <Table.Th>{t('links.made')}</Table.Th>
                  <Table.Th>{t('links.on')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {links.data.data.map((link) => (
                  <LinkRow key={link.id} link={link} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
        {pages > 1 && (
          <Pagination total={pages} value={page + 1} onChange={(value) => setPage(value - 1)} size="sm" />
        )}
      </Stack>
    </Container>
  );
}
