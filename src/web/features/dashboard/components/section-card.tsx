import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * One card of the dashboard: its title with how many there are, the items (a list), or the `empty`
 * sentence when there are none at all. When the list is cut, it says so and links to where all are.
 */
export function SectionCard({
  id,
  title,
  total,
  shown,
  empty,
  more,
  footer,
  children,
}: {
  id: string;
  title: string;
  total: number;
  shown: number;
  /** Said when the list is empty; nothing when left out (the footer says it all). */
  empty?: string;
  more?: { to: string; label: string };
  /** Below the list: what the card counts besides its items. */
  footer?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {total > 0 && (
          <Badge variant="light" circle={total < 10} aria-hidden>
            {total}
          </Badge>
        )}
      </Group>
      {total === 0 ? (
        empty && (
          <Text c="dimmed" size="sm">
            {empty}
          </Text>
        )
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {children}
        </Stack>
      )}
      {(total > shown || (more && total > 0)) && (
        <Group justify="space-between" mt="sm" gap="xs">
          {total > shown ? (
            <Text size="xs" c="dimmed">
              {t('dashboard.showing', { shown, total })}
            </Text>
          ) : (
            <span />
          )}
          {more && (
            <Anchor component={Link} to={more.to} size="sm">
              {more.label}
            </Anchor>
          )}
        </Group>
      )}
      {footer}
    </Card>
  );
}
