import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  Container,
  FileButton,
  Group,
  List,
  Pagination,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  useMantineTheme,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFileImport, IconFileZip, IconUpload } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type ImportMediaZip,
  IMPORT_COLUMNS,
  IMPORT_MAX_MB,
  IMPORT_MAX_ROWS,
  type ImportPreview,
  type ImportProblem,
  type ImportRow,
} from '../../../../shared/api/imports.schemas';
import type { PlatformProblem } from '../../../../shared/platforms/validate';
import { problemText } from '../../../components/post-form/composer-checks';
import { PlatformIcon } from '../../../components/platform-icon';
import { targetName } from '../../../lib/accounts';
import { CODE_KEYS, errorMessage } from '../../../lib/error-message';
import { formatDayTime } from '../../../lib/format-date';
import { workspacePath, useWorkspaceId } from '../../../lib/workspace';
import { useCan } from '../../../lib/workspace-role';
import { isApiErrorCode } from '../../../../shared/api/error-codes';
import { useConfirmImport } from '../api/confirm-import';
import { useImportState } from '../api/get-import';
import { usePreviewImport } from '../api/preview-import';
import { useUploadMediaZip } from '../api/upload-media-zip';

const PAGE = 50;
const ACCEPT = '.csv,.json,text/csv,application/json';

/** A row's problem in the reader's words: the network's rule as the composer says it, or the import's. */
function problemWords(t: TFunction, locale: string, problem: ImportProblem): string {
  if (problem.code === 'rule') return problemText(t, locale, problem.params as unknown as PlatformProblem);
  if (problem.code.startsWith('error:')) {
    const code = problem.code.slice('error:'.length);
    return t(isApiErrorCode(code) ? CODE_KEYS[code] : 'errors.badRequest', problem.params);
  }
  return t(problem.code, problem.params);
}

/** What a zip brought into the media library, and each file it could not, saying why. */
function ZipResult({ files }: { files: ImportMediaZip['files'] }) {
  const { t } = useTranslation();
  const added = files.filter((f) => f.media);
  const refused = files.filter((f) => f.error);
  return (
    <Alert
      color={refused.length ? 'yellow' : 'green'}
      role="status"
      title={t('imports.zipAdded', { count: added.length })}
    >
      {added.length > 0 && <Text size="sm">{added.map((f) => f.name).join(', ')}</Text>}
      {refused.map((f) => (
        <Text key={f.name} size="sm">
          {f.name}:{' '}
          {isApiErrorCode(f.error!.code) ? t(CODE_KEYS[f.error!.code], f.error!.params) : f.error!.message}
        </Text>
      ))}
    </Alert>
  );
}

/**
 * Import posts (issue 27): a CSV or JSON file, its rows shown as they will be posted with each problem
 * by row and column, the ready ones ticked; "Import" writes the ticked rows all at once and follows it.
 */
export function ImportPage() {
  const { t, i18n } = useTranslation();
  const mayWrite = useCan('write');
  const workspace = useWorkspaceId() ?? '';
  const preview = usePreviewImport();
  const confirm = useConfirmImport();
  const [file, setFile] = useState<ImportPreview | null>(null);
  const [unticked, setUnticked] = useState<Set<number>>(new Set());
  const [show, setShow] = useState<'all' | 'problems'>('all');
  const [page, setPage] = useState(1);
  const [importId, setImportId] = useState<string | null>(null);
  const state = useImportState(importId);
  const zip = useUploadMediaZip();
  /** The file last read: read again once a zip brought the files its rows name. */
  const [picked, setPicked] = useState<File | null>(null);

  const ready = (row: ImportRow) => !row.imported && row.problems.length === 0;
  const chosen = useMemo(
    () => (file ? file.rows.filter((row) => ready(row) && !unticked.has(row.row)).map((row) => row.row) : []),
    [file, unticked],
  );
  const shown = useMemo(
    () => (file ? (show === 'all' ? file.rows : file.rows.filter((row) => !ready(row))) : []),
    [file, show],
  );
  const pages = Math.max(1, Math.ceil(shown.length / PAGE));
  const withProblems = file ? file.rows.filter((row) => row.problems.length > 0).length : 0;
  const importedBefore = file ? file.rows.filter((row) => row.imported).length : 0;

  const read = (picked: File | null) => {
    if (!picked) return;
    setPicked(picked);
    setImportId(null);
    confirm.reset();
    preview.mutate(picked, {
      onSuccess: (result) => {
        setFile(result);
        setUnticked(new Set());
        setShow(result.ready < result.rows.length ? 'problems' : 'all');
        setPage(1);
      },
      onError: () => setFile(null),
    });
  };
  const start = () => {
    if (!file) return;
    confirm.mutate({ id: file.id, rows: chosen }, { onSuccess: (started) => setImportId(started.id) });
  };
  const toggle = (row: number, on: boolean) =>
    setUnticked((set) => {
      const next = new Set(set);
      if (on) next.delete(row);
      else next.add(row);
      return next;
    });

  const running = state.data?.status === 'importing' || confirm.isPending;
  const finished = state.data && (state.data.status === 'done' || state.data.status === 'failed');

  return (
    <Container size="xl" py="md">
      <Stack>
        <Title order={1}>{t('imports.title')}</Title>
        <Text c="dimmed">
          {t('imports.intro', { max: IMPORT_MAX_MB, rows: IMPORT_MAX_ROWS.toLocaleString(i18n.language) })}
        </Text>
        <Card withBorder>
          <Stack gap="xs">
            <Text fw={600}>{t('imports.columnsTitle')}</Text>
            <List size="sm" spacing={2}>
              {IMPORT_COLUMNS.map((column) => (
                <List.Item key={column}>
                  <Code>{column}</Code> {t(`imports.columns.${column}`)}
                </List.Item>
              ))}
              <List.Item>
                <Code>text_x</Code>, <Code>text_bluesky</Code>… {t('imports.columns.versions')}
              </List.Item>
            </List>
            <Group gap="sm">
              <Button
                component="a"
                href="/api/imports/template?format=csv"
                download
                variant="light"
                size="xs"
                leftSection={<IconDownload size={14} />}
              >
                {t('imports.templateCsv')}
              </Button>
              <Button
                component="a"
                href="/api/imports/template?format=json"
                download
                variant="subtle"
                size="xs"
                leftSection={<IconDownload size={14} />}
              >
                {t('imports.templateJson')}
              </Button>
            </Group>
          </Stack>
        </Card>
        {!mayWrite && <Alert color="blue">{t('members.readOnly')}</Alert>}
        {mayWrite && (
          <Group>
            <FileButton onChange={read} accept={ACCEPT}>
              {(props) => (
                <Button
                  {...props}
                  leftSection={<IconUpload size={16} />}
                  loading={preview.isPending}
                  disabled={running}
                >
                  {t(file ? 'imports.chooseAnother' : 'imports.choose')}
                </Button>
              )}
            </FileButton>
            <FileButton
              onChange={(zipFile) =>
                zipFile &&
                zip.mutate(zipFile, {
                  // The rows are checked again against the files now in the library.
                  onSuccess: () => read(picked),
                })
              }
              accept=".zip,application/zip"
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconFileZip size={16} />}
                  loading={zip.isPending}
                  disabled={running}
                >
                  {t('imports.mediaZip')}
                </Button>
              )}
            </FileButton>
            {preview.isPending && <Text size="sm">{t('imports.reading')}</Text>}
          </Group>
        )}
        {mayWrite && (
          <Text size="xs" c="dimmed">
            {t('imports.mediaZipHelp')}
          </Text>
        )}
        {zip.error && (
          <Alert color="red" role="alert" title={t('imports.zipRefused')}>
            {errorMessage(t, zip.error)}
          </Alert>
        )}
        {zip.data && <ZipResult files={zip.data.files} />}
        {preview.error && (
          <Alert color="red" role="alert" title={t('imports.refused')}>
            {errorMessage(t, preview.error)}
          </Alert>
        )}
        {file && (
          <>
            <Text role="status">
              {t('imports.summary', {
                file: file.fileName,
                count: file.rows.length,
                ready: file.ready,
                problems: withProblems,
                imported: importedBefore,
              })}
            </Text>
            <Group justify="space-between">
              <SegmentedControl
                aria-label={t('imports.show')}
                value={show}
                onChange={(value) => {
                  setShow(value as typeof show);
                  setPage(1);
                }}
                data={[
                  { value: 'all', label: t('imports.showAll', { count: file.rows.length }) },
                  {
                    value: 'problems',
                    label: t('imports.showProblems', { count: file.rows.length - file.ready }),
                  },
                ]}
              />
              <Button
                leftSection={<IconFileImport size={16} />}
                disabled={chosen.length === 0 || running || Boolean(finished)}
                loading={running}
                onClick={start}
              >
                {t('imports.import', { count: chosen.length })}
              </Button>
            </Group>
            {confirm.error && (
              <Alert color="red" role="alert">
                {errorMessage(t, confirm.error)}
              </Alert>
            )}
            {state.data && (
              <ImportProgress
                status={state.data.status}
                progress={state.data.progress}
                chosen={state.data.chosen}
                imported={state.data.imported}
                error={state.data.error}
                postsPath={workspacePath(workspace, '/posts')}
              />
            )}
            <Rows
              rows={shown.slice((page - 1) * PAGE, page * PAGE)}
              ticked={(row) => ready(row) && !unticked.has(row.row)}
              locked={(row) => !ready(row) || running || Boolean(finished)}
              onTick={toggle}
            />
            {pages > 1 && (
              <Group justify="center">
                <Pagination
                  total={pages}
                  value={Math.min(page, pages)}
                  onChange={setPage}
                  getControlProps={(control) => ({ 'aria-label': t(`users.page.${control}`) })}
                />
              </Group>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}

/** The rows of a page: a table, or on a phone a card each, with the same parts. */
function Rows({
  rows,
  ticked,
  locked,
  onTick,
}: {
  rows: ImportRow[];
  ticked: (row: ImportRow) => boolean;
  locked: (row: ImportRow) => boolean;
  onTick: (row: number, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 1px))`, false, {
    getInitialValueInEffect: false,
  });
  const tick = (row: ImportRow) => (
    <Checkbox
      aria-label={t('imports.tickRow', { row: row.row })}
      checked={ticked(row)}
      disabled={locked(row)}
      onChange={(event) => onTick(row.row, event.currentTarget.checked)}
    />
  );
  const ready = (row: ImportRow) => !row.imported && row.problems.length === 0;
  if (phone)
    return (
      <Stack gap="xs" aria-label={t('imports.tableLabel')} role="list">
        {rows.map((row) => (
          <Card
            key={row.row}
            withBorder
            padding="sm"
            role="listitem"
            data-testid="import-row"
            data-ready={ready(row) || undefined}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Group gap="xs" wrap="nowrap" align="flex-start">
                {tick(row)}
                <RowNumber row={row} />
              </Group>
              <When row={row} />
            </Group>
            <RowPost row={row} />
            <RowTargets row={row} />
            <RowVerdict row={row} />
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" aria-label={t('imports.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <VisuallyHidden>{t('imports.tick')}</VisuallyHidden>
            </Table.Th>
            <Table.Th w={64}>{t('imports.row')}</Table.Th>
            <Table.Th>{t('imports.post')}</Table.Th>
            <Table.Th>{t('imports.networks')}</Table.Th>
            <Table.Th>{t('imports.when')}</Table.Th>
            <Table.Th>{t('imports.problems.title')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.row} data-testid="import-row" data-ready={ready(row) || undefined}>
              <Table.Td>{tick(row)}</Table.Td>
              <Table.Td>
                <RowNumber row={row} />
              </Table.Td>
              <Table.Td maw={360}>
                <RowPost row={row} />
              </Table.Td>
              <Table.Td>
                <RowTargets row={row} />
              </Table.Td>
              <Table.Td>
                <When row={row} />
              </Table.Td>
              <Table.Td>
                <RowVerdict row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowNumber({ row }: { row: ImportRow }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="sm">{row.row}</Text>
      {row.line !== null && (
        <Text size="xs" c="dimmed">
          {t('imports.line', { line: row.line })}
        </Text>
      )}
    </div>
  );
}

function RowPost({ row }: { row: ImportRow }) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
        {row.text || t('library.noText')}
      </Text>
      {row.versions.map((version) => (
        <Text key={version.platform} size="xs" c="dimmed" lineClamp={1}>
          {targetName(t, { platform: version.platform })}: {version.text}
        </Text>
      ))}
      {row.media.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('imports.files', { names: row.media.map((m) => m.name).join(', ') })}
        </Text>
      )}
    </>
  );
}

function RowTargets({ row }: { row: ImportRow }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      {row.targets.map((target) => (
        <Group key={`${target.platform}-${target.account}`} gap={4} wrap="nowrap">
          <PlatformIcon platform={target.platform} size={14} />
          <Text size="xs">{targetName(t, target)}</Text>
        </Group>
      ))}
    </Stack>
  );
}

/** Ready, imported before, or its problems, each with its column. */
function RowVerdict({ row }: { row: ImportRow }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {row.imported && (
        <Badge color="gray" variant="light">
          {t('imports.importedBefore')}
        </Badge>
      )}
      {row.problems.length > 0 && (
        <List size="xs" c="red.9" spacing={2}>
          {row.problems.map((problem, i) => (
            <List.Item key={i}>
              {problem.column && <Code>{problem.column}</Code>} {problemWords(t, i18n.language, problem)}
            </List.Item>
          ))}
        </List>
      )}
      {!row.imported && row.problems.length === 0 && (
        <Badge color="teal" variant="light">
          {t('imports.ready')}
        </Badge>
      )}
    </>
  );
}

/** When the row goes out: its date in its zone, the next queue slot, or a draft's date if it has one. */
function When({ row }: { row: ImportRow }) {
  const { t } = useTranslation();
  if (row.status === 'queue') return <Text size="sm">{t('imports.nextSlot')}</Text>;
  const at = row.scheduledAt ? formatDayTime(row.scheduledAt, { timeZone: row.timezone }) : null;
  return (
    <>
      {row.status === 'draft' && (
        <Badge color="gray" variant="light" mb={2}>
          {t('calendar.status.draft')}
        </Badge>
      )}
      {at && <Text size="sm">{at}</Text>}
      {at && (
        <Text size="xs" c="dimmed">
          {row.timezone}
        </Text>
      )}
    </>
  );
}

function ImportProgress({
  status,
  progress,
  chosen,
  imported,
  error,
  postsPath,
}: {
  status: string;
  progress: number;
  chosen: number;
  imported: number;
  error: { code: string; message: string; params?: Record<string, unknown> } | null;
  postsPath: string;
}) {
  const { t } = useTranslation();
  if (status === 'importing')
    return (
      <Stack gap={4}>
        <Text size="sm" role="status">
          {t('imports.importing', { done: progress, count: chosen })}
        </Text>
        <Progress
          value={chosen ? (progress / chosen) * 100 : 0}
          animated
          aria-label={t('imports.progress')}
        />
      </Stack>
    );
  if (status === 'done')
    return (
      <Alert color="teal" role="status" title={t('imports.done', { count: imported })}>
        {t('imports.doneRows', { count: chosen })}{' '}
        <Anchor component={Link} to={postsPath}>
          {t('imports.toCalendar')}
        </Anchor>
      </Alert>
    );
  if (status === 'failed')
    return (
      <Alert color="red" role="alert" title={t('imports.failed')}>
        {failureWords(t, error)}
      </Alert>
    );
  return null;
}

function failureWords(t: TFunction, error: { code: string; params?: Record<string, unknown> } | null) {
  if (!error) return t('errors.internal');
  if (error.code === 'IMPORT_INTERRUPTED') return t('imports.interrupted');
  if (error.code === 'IMPORT_ROW_REFUSED') {
    const reason = String(error.params?.reason ?? '');
    const because = isApiErrorCode(reason) ? t(CODE_KEYS[reason], error.params) : '';
    return `${t('imports.errors.rowRefused', error.params)} ${because}`.trim();
  }
  return isApiErrorCode(error.code) ? t(CODE_KEYS[error.code], error.params) : t('errors.internal');
}
