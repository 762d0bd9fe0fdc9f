import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { MediaIdParamsSchema, MediaSchema, MediaUploadQuerySchema } from '../../shared/api/media.schemas';
import { type Guards, userOf } from '../auth/session';
import { AppError } from '../http/errors';
import sharp from 'sharp';
import type { MediaLinks } from './media-links';
import type { MediaRepo } from './media.repo';
import type { MediaStore } from './media.store';
import type { MediaService } from './media.service';

const E = ApiErrorSchema;

export async function mediaRoutes(
  app: FastifyInstance,
  deps: { media: MediaService; store: MediaStore; guards: Guards; links: MediaLinks; repo: MediaRepo },
) {
  const { media, store, guards, links, repo } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = guards.requireUser;
  const tags = ['media'];

  r.post(
    '/api/media',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Upload one image (jpg, png, gif, webp; 5 MB) or video (any type; 100 MB) as multipart field "file"',
        consumes: ['multipart/form-data'],
        querystring: MediaUploadQuerySchema,
        response: { 201: MediaSchema, 400: E, 401: E, 406: E, 413: E, 415: E },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError(
          415,
          'NOT_MULTIPART',
          'Send the file as multipart/form-data in a field named "file".',
        );
      const file = await request.file();
      if (!file || file.fieldname !== 'file')
        throw new AppError(400, 'VALIDATION_ERROR', 'Invalid body: file (missing)', {
          fields: { file: 'errors.validation' },
        });
      return reply.status(201).send(
        await media.upload(userOf(request), request.query.kind, {
          filename: file.filename,
          stream: file.file,
        }),
      );
    },
  );

  for (const variant of ['original', 'thumbnail'] as const) {
    r.get(
      variant === 'original' ? '/api/media/:id' : '/api/media/:id/thumbnail',
      {
        onRequest,
        schema: {
          tags,
          summary: variant === 'original' ? 'One of your files' : "A file's thumbnail (images)",
          params: MediaIdParamsSchema,
          response: { 200: z.unknown().describe('the bytes of the file'), 400: E, 401: E, 404: E },
        },
      },
      async (request, reply) => {
        const row = await media.get(userOf(request), request.params.id);
        const key = variant === 'original' ? row.storageKey : row.thumbnailKey;
        if (!key) throw new AppError(404, 'NOT_FOUND', 'This file has no thumbnail.');
        return reply
          .header('content-type', variant === 'original' ? row.mime : 'image/webp')
          .header('content-length', await store.size(key))
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(store.read(key));
      },
    );
  }

  r.get(
    '/api/media/public/:id',
    {
      schema: {
        tags,
        summary:
          'A file by a signed, expiring link handed to a network that pulls media (Instagram, TikTok); no session',
        params: MediaIdParamsSchema,
        querystring: z.object({
          expires: z.coerce.number().int(),
          sig: z.string().max(100),
          format: z.enum(['jpeg']).optional(),
        }),
        response: { 200: z.unknown().describe('the bytes of the file'), 400: E, 404: E },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { expires, sig, format } = request.query;
      const row = links.verify(id, expires, sig) ? await repo.findSigned(id) : undefined;
      // A wrong, expired or revoked link reads as not found: it says nothing about what exists.
      if (!row) throw new AppError(404, 'NOT_FOUND', 'This link is not valid or has expired.');
      reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
      if (format === 'jpeg' && row.kind === 'image' && row.mime !== 'image/jpeg') {
        const data = await sharp(store.pathOf(row.storageKey))
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 90 })
          .toBuffer();
        return reply.header('content-type', 'image/jpeg').send(data);
      }
      return reply
        .header('content-type', row.mime)
        .header('content-length', await store.size(row.storageKey))
        .send(store.read(row.storageKey));
    },
  );

  r.delete(
    '/api/media/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete one of your files',
        params: MediaIdParamsSchema,
        response: { 204: z.null(), 400: E, 401: E, 404: E },
      },
    },
    async (request, reply) => {
      await media.remove(userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
