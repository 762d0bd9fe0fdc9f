import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { MediaIdParamsSchema, MediaSchema, MediaUploadQuerySchema } from '../../shared/api/media.schemas';
import { type Guards, userOf } from '../auth/session';
import { AppError } from '../http/errors';
import type { MediaStore } from './media.store';
import type { MediaService } from './media.service';

const E = ApiErrorSchema;

export async function mediaRoutes(
  app: FastifyInstance,
  deps: { media: MediaService; store: MediaStore; guards: Guards },
) {
  const { media, store, guards } = deps;
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
