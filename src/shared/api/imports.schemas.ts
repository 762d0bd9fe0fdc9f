import { z } from 'zod';
import { PLATFORMS } from '../platforms/rules';
import { MediaSchema } from './media.schemas';

/** The largest file an import reads: 10,000 rows of long posts fit several times over. */
export const IMPORT_MAX_MB = 10;
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_FORMATS = ['csv', 'json'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** What a row may say it is: scheduled at its date, a draft, or into the queue (a blank date's default). */
export const IMPORT_STATUSES = ['scheduled', 'draft', 'queue'] as const;

/**
 * The columns an import reads, by their header (case and spaces aside), and `text_<network>` for a
 * network's own text. A file with another column is refused, naming it: a misspelt column would
 * otherwise be dropped without a word.
 */
export const IMPORT_COLUMNS = [
  'text',
  'networks',
  'accounts',
  'date',
  'time',
  'timezone',
  'status',
  'media',
] as const;
/** The names a network goes by in a file (case aside), in `networks`, `accounts` (`x:name`) and `text_<name>`. */
export const IMPORT_NETWORK_NAMES: Record<string, (typeof PLATFORMS)[number]> = {
  x: 'twitter',
  twitter: 'twitter',
  bluesky: 'bluesky',
  bsky: 'bluesky',
  facebook: 'facebook',
  fb: 'facebook',
  instagram: 'instagram',
  ig: 'instagram',
  linkedin: 'linkedin',
  tiktok: 'tiktok',
};
export const versionColumn = (platform: string) => `text_${platform}`;
export const IMPORT_VERSION_COLUMNS = PLATFORMS.map(versionColumn);
export type ImportColumn = (typeof IMPORT_COLUMNS)[number] | `text_${(typeof PLATFORMS)[number]}`;

/**
 * What is wrong with a row, by column, as an i18n key (`imports.problems.<code>`) and its params. Network
 * rules (too long for X, too many images for Bluesky…) come as the composer words them (`validation.*`).
 */
export const ImportProblemSchema = z.object({
  column: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

/** A row as it will be posted: its networks' accounts, its time (null: the next queue slot), its files. */
export const ImportRowSchema = z.object({
  /** The row's number in the file: 1 is the first row under the header (a JSON file: its first item). */
  row: z.number().int(),
  /** The file's line where the row starts (CSV), to find it in an editor. */
  line: z.number().int().nullable(),
  text: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** The networks with the account each goes from (`@name`; null when none is connected). */
  targets: z.array(z.object({ platform: z.enum(PLATFORMS), account: z.string().nullable() })),
  scheduledAt: z.string().nullable(),
  timezone: z.string(),
  versions: z.array(z.object({ platform: z.enum(PLATFORMS), text: z.string() })),
  media: z.array(z.object({ id: z.uuid(), name: z.string(), kind: z.enum(['image', 'video']) })),
  problems: z.array(ImportProblemSchema),
  /** Imported before (this file or another): not imported again. */
  imported: z.boolean(),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const ImportStatusSchema = z.enum(['previewed', 'importing', 'done', 'failed']);

export const ImportPreviewSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  rows: z.array(ImportRowSchema),
  /** Rows that can be imported: no problem, not imported before. */
  ready: z.number().int(),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportConfirmSchema = z.object({
  /** The rows to import, by number; each must be ready. */
  rows: z
    .array(z.number('errors.validation').int('errors.validation').min(1, 'errors.validation'))
    .min(1, 'imports.noneChosen')
    .max(IMPORT_MAX_ROWS, 'errors.validation'),
});
export type ImportConfirm = z.infer<typeof ImportConfirmSchema>;

/** Where an import stands: while it runs, how many of its chosen rows are written (this process's count). */
export const ImportStateSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  status: ImportStatusSchema,
  chosen: z.number().int(),
  imported: z.number().int(),
  /** While importing: rows written so far in the transaction (all of them are kept only at its end). */
  progress: z.number().int(),
  error: z
    .object({ code: z.string(), message: z.string(), params: z.record(z.string(), z.unknown()).optional() })
    .nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportState = z.infer<typeof ImportStateSchema>;

export const ImportIdParamsSchema = z.object({ id: z.uuid('errors.validation') });
export const ImportTemplateQuerySchema = z.object({
  format: z.enum(IMPORT_FORMATS, 'errors.validation').default('csv'),
});

/**
 * The files of a zip uploaded for an import (`POST /api/imports/media`): each image or video now in the
 * media library (where the rows' `media` column finds it by name), or why it is not.
 */
export const ImportMediaZipSchema = z.object({
  files: z.array(
    z.object({
      name: z.string(),
      media: MediaSchema.optional(),
      error: z
        .object({
          code: z.string(),
          message: z.string(),
          params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        })
        .optional(),
    }),
  ),
});
export type ImportMediaZip = z.infer<typeof ImportMediaZipSchema>;
