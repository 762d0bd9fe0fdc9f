import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import {
  MediaCapabilitiesSchema,
  MediaIdParamsSchema,
  MediaListQuerySchema,
  MediaListSchema,
  MediaSchema,
  MediaStorageSchema,
  MediaUploadQuerySchema,
} from '../../shared/api/media.schemas';
import { type Guards, userOf } from '../auth/session';
import type { MediaFile, MediaService } from './media.service';
import { withUploadedFile } from './multipart-errors';

const E = ApiErrorSchema;
const FILE = z.string().meta({ format: 'binary' });
/** A file as stored: an image (jpg, png, gif, webp; thumbnails are webp) or a video, by its own type. */
const BYTES = {
  description: 'the bytes of the file',
  content: { 'image/*': { schema: FILE }, 'video/*': { schema: FILE } },
};

export async function mediaRoutes(
  app: FastifyInstance,
  { media, guards, ffmpeg }: { media: MediaService; guards: Guards; ffmpeg: () => Promise<string | null> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = guards.requireUser;
  const writes = [onRequest, guards.may('write')];
  const tags = ['media'];

  // Each process that takes uploads clears, as it starts, what a stopped one left half-written.
  app.addHook('onReady', async () => {
    const removed = await media.removeStaleUploads();
    if (removed) app.log.info({ removed }, 'removed unfinished uploads left by an earlier run');
  });

  const sendFile = (reply: FastifyReply, file: MediaFile) =>
    reply
      .header('content-type', file.mime)
      .header('content-length', file.bytes)
      .header('x-content-type-options', 'nosniff')
      .send(file.body);

  r.post(
    '/api/media',
    {
      onRequest: writes,
      schema: {
        tags,
        summary:
          'Upload one image (jpg, png, gif, webp; 5 MB; 40 megapixels) or video (any type; 100 MB) as multipart field "file"; 413 QUOTA_EXCEEDED past your storage quota, 429 past your upload rate',
        consumes: ['multipart/form-data'],
        querystring: MediaUploadQuerySchema,
        response: { 201: MediaSchema, 400: E, 401: E, 406: E, 413: E, 415: E, 429: E, 503: E },
      },
    },
    async (request, reply) =>
      withUploadedFile(request, async (file) =>
        reply.status(201).send(
          await media.upload(userOf(request), request.query.kind, {
            filename: file.filename,
            stream: file.file,
          }),
        ),
      ),
  );

  r.get(
    '/api/media',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "A page of the workspace's media library, newest first, with who uploaded each file and the posts it is in",
        description:
          '`q` finds a part of the file name; `kind` keeps images or videos; `use` keeps files in a post or ' +
          'recurring post (`used`), in none (`unused`), or in one still to go out (`scheduled`). `limit` ' +
          '(default 24, at most 100) and `offset` page through them; `total` counts every match. `usedIn` ' +
          'names the first three uses, those still to go out first; `uses` counts them all.',
        querystring: MediaListQuerySchema,
        response: { 200: MediaListSchema, 400: E, 401: E },
      },
    },
    async (request) => media.library(userOf(request), request.query),
  );

  r.get(
    '/api/media/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One of your files',
        params: MediaIdParamsSchema,
        response: { 200: BYTES, 400: E, 401: E, 404: E, 503: E },
      },
    },
    async (request, reply) =>
      sendFile(
        reply.header('cache-control', 'private, max-age=31536000, immutable'),
        await media.file(userOf(request), request.params.id, 'original'),
      ),
  );

  r.get(
    '/api/media/:id/thumbnail',
    {
      onRequest,
      schema: {
        tags,
        summary: "A file's thumbnail (images)",
        params: MediaIdParamsSchema,
        response: { 200: BYTES, 400: E, 401: E, 404: E, 503: E },
      },
    },
    async (request, reply) =>
      sendFile(
        reply.header('cache-control', 'private, max-age=31536000, immutable'),
        await media.file(userOf(request), request.params.id, 'thumbnail'),
      ),
  );

  r.get(
    '/api/media/capabilities',
    {
      onRequest,
      schema: {
        tags,
        summary: 'What this server can do with media: whether edited videos can be rendered (ffmpeg)',
        response: { 200: MediaCapabilitiesSchema, 401: E },
      },
    },
    async () => ({ videoEditing: (await ffmpeg()) !== null }),
  );

  r.get(
    '/api/media/storage',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The storage your files take (uploads, thumbnails, renders) and your quota, in bytes',
        response: { 200: MediaStorageSchema, 401: E },
      },
    },
    async (request) => media.storage(userOf(request)),
  );

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
        response: { 200: BYTES, 400: E, 404: E, 503: E },
      },
    },
    async (request, reply) =>
      sendFile(
        reply.header('cache-control', 'private, no-store'),
        await media.signedFile(request.params.id, request.query),
      ),
  );

  r.delete(
    '/api/media/:id',
    {
      onRequest: writes,
      schema: {
        tags,
        summary:
          "Delete one of the workspace's files; 409 MEDIA_IN_USE while a post or recurring post still to go out holds it, naming them",
        params: MediaIdParamsSchema,
        response: { 204: z.null(), 400: E, 401: E, 404: E, 409: E, 503: E },
      },
    },
    async (request, reply) => {
      await media.remove(userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
