import { Alert, Group, Loader, Pagination, Table, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PagedColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  style?: CSSProperties;
}

/** A page of a list as the API answers it, and where the query stands. */
export interface PagedQuery<T> {
  isPending: boolean;
  isError: boolean;
  data?: { data: T[]; total: number };
}

/**
 * An administrator's list of everyone's items, a page at a time: a loader, the failure, the empty text,
 * then a table with `columns` (on a phone, `cards` instead) and, past one page, the pages.
 */
export function PagedTable<T extends { id: string }>({
  query,
  pageSize,
  page,
  onPage,
  failed,
  empty,
  columns,
  cards,
}: {
  query: PagedQuery<T>;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  /** What the failure says. */
  failed: string;
  /** What an empty list says. */
  empty: string;
  columns: PagedColumn<T>[];
  cards: (rows: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 1px))`, false, {
    getInitialValueInEffect: false,
  });
  const rows = query.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / pageSize));
  return (
    <>
      {query.isPending && <Loader aria-label={t('common.loading')} />}
      {query.isError && (
        <Alert color="red" role="alert">
          {failed}
        </Alert>
      )}
      {query.data && rows.length === 0 && <Text c="dimmed">{empty}</Text>}
      {rows.length > 0 && phone && cards(rows)}
      {rows.length > 0 && !phone && (
        <Table.ScrollContainer minWidth={880}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.header}>{column.header}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  {columns.map((column) => (
                    <Table.Td key={column.header} style={column.style}>
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination
            total={pages}
            value={page}
            onChange={onPage}
            getControlProps={(control) => ({ 'aria-label': t(`users.page.${control}`) })}
          />
        </Group>
      )}
    </>
  );
}
