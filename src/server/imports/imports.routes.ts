import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import {
  IMPORT_MAX_MB,
  IMPORT_MAX_ROWS,
  ImportConfirmSchema,
  ImportIdParamsSchema,
  ImportMediaZipSchema,
  ImportPreviewSchema,
  ImportStateSchema,
  ImportTemplateQuerySchema,
} from '../../shared/api/imports.schemas';
import { type Guards, userOf } from '../auth/session';
import { creationRate } from '../http/creation-rate';
import { withUploadedFile } from '../media/multipart-errors';
import type { ImportsService } from './imports.service';
import { readMediaZip, ZIP_FILES_MAX } from './media-zip';
import type { MediaService } from '../media/media.service';
import { AppError } from '../http/errors';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { tooLarge } from './parse-file';
import { importTemplate } from './template';

const E = ApiErrorSchema;
const MAX_BYTES = IMPORT_MAX_MB * 1024 * 1024;

/** Bulk import (issue 27). Registered where multipart bodies are read (app.ts, beside the media routes). */
export async function importsRoutes(
  app: FastifyInstance,
  {
    imports,
    media,
    guards,
    createsPerMinute,
  }: { imports: ImportsService; media: MediaService; guards: Guards; createsPerMinute: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const writes = [guards.requireUser, guards.may('write')];
  const tags = ['imports'];

  r.get(
    '/api/imports/template',
    {
      onRequest: guards.requireUser,
      schema: {
        tags,
        summary: 'A file to fill in: the import columns and one example row per network (CSV or JSON)',
        querystring: ImportTemplateQuerySchema,
        response: {
          200: {
            description: 'the template',
            content: { 'text/csv': { schema: z.string() }, 'application/json': { schema: z.string() } },
          },
          400: E,
          401: E,
        },
      },
    },
    async (request, reply) => {
      const file = importTemplate(request.query.format, new Date());
      return reply
        .header('content-type', file.type)
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(file.body);
    },
  );

  r.post(
    '/api/imports',
    {
      onRequest: writes,
      config: { rateLimit: creationRate(createsPerMinute, 'imports') },
      schema: {
        tags,
        summary: 'Read a CSV or JSON file of posts and check every row; nothing is posted until confirmed',
        description:
          `Multipart field "file", at most ${IMPORT_MAX_MB} MB and ${IMPORT_MAX_ROWS} rows, UTF-8 (with or ` +
          'without a byte order mark) or UTF-16 with one. Columns: text, networks, accounts, date (YYYY-MM-DD), ' +
          'time (HH:MM), timezone, status (scheduled, draft or queue; a blank date goes into the queue), media ' +
          '(names or ids of library files, separated by |), and text_<network> for a network’s own text. Each ' +
          'row comes back as it will be posted, with its problems by column; a row imported before is marked ' +
          '`imported`. A file that cannot be read is refused as a whole, saying why.',
        consumes: ['multipart/form-data'],
        response: { 201: ImportPreviewSchema, 400: E, 401: E, 403: E, 413: E, 415: E, 429: E },
      },
    },
    async (request, reply) =>
      withUploadedFile(request, async (file) => {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of file.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          // Past the limit the rest is not kept: it is read to its end and dropped.
          if (size <= MAX_BYTES) chunks.push(chunk);
        }
        if (size > MAX_BYTES) throw tooLarge();
        const preview = await imports.preview(userOf(request), file.filename, Buffer.concat(chunks));
        return reply.status(201).send(preview);
      }),
  );

  r.post(
    '/api/imports/:id/confirm',
    {
      onRequest: writes,
      schema: {
        tags,
        summary: 'Import the chosen rows of a previewed file: all of them become posts, or none does',
        description:
          'Answers at once (202) while the rows are written in one transaction; `GET /api/imports/:id` says ' +
          'how far it got and how it ended. Every chosen row must be ready in the preview (409 ' +
          'IMPORT_ROWS_NOT_READY names the others); an import is confirmed once (409 IMPORT_ALREADY_CONFIRMED).',
        params: ImportIdParamsSchema,
        body: ImportConfirmSchema,
        response: { 202: ImportStateSchema, 400: E, 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await imports.confirm(userOf(request), request.params.id, request.body.rows)),
  );

  r.post(
    '/api/imports/media',
    {
      onRequest: writes,
      config: { rateLimit: creationRate(createsPerMinute, 'imports') },
      schema: {
        tags,
        summary: "A zip of the images and videos an import's rows name: each goes into the media library",
        description:
          `Multipart field "file", a zip of at most 100 MB and ${ZIP_FILES_MAX} files. Each image and video is ` +
          'checked as an upload to the media library is (type, size, quota) and kept there under its own name ' +
          '(without folders), where the import’s `media` column finds it. The answer lists each file with the ' +
          'media it became, or why it did not; a file that is not a zip, a damaged one or one of too many files is refused as a whole (400 IMPORT_ZIP_*).',
        consumes: ['multipart/form-data'],
        response: { 200: ImportMediaZipSchema, 400: E, 401: E, 403: E, 413: E, 415: E, 429: E },
      },
    },
    async (request) =>
      withUploadedFile(request, async (file) => {
        const dir = await mkdtemp(join(tmpdir(), 'postwell-zip-'));
        try {
          const path = join(dir, 'media.zip');
          await pipeline(file.file, createWriteStream(path));
          if (file.file.truncated)
            throw new AppError(413, 'IMPORT_TOO_LARGE', 'The zip is larger than 100 MB.', {
              params: { max: 100 },
            });
          const actor = userOf(request);
          return { files: await readMediaZip(path, (kind, f) => media.upload(actor, kind, f)) };
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      }),
  );

  r.get(
    '/api/imports/:id',
    {
      onRequest: guards.requireUser,
      schema: {
        tags,
        summary:
          'Where one of your imports stands: previewed, importing (with the rows written so far), done or failed',
        params: ImportIdParamsSchema,
        response: { 200: ImportStateSchema, 400: E, 401: E, 404: E },
      },
    },
    async (request) => imports.state(userOf(request), request.params.id),
  );
}
