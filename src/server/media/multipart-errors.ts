import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors';

// busboy's own errors carry no code; these are its words for a body that is not valid multipart.
const MALFORMED = /boundary not found|unexpected end of multipart data|terminated early/i;
const MALFORMED_CODES = new Set(['FST_MP_PREMATURE_CLOSE', 'FST_PROTO_VIOLATION']);

/**
 * What @fastify/multipart and busboy throw about the request body, as the client's error it is (400 in
 * the ApiError shape) rather than a 500; any other error is returned as it is. Parts after the first
 * file never reach these errors: the upload reads that file and ignores the rest, and a file over the
 * size limit is cut short and refused by the media service with the spec's message.
 */
export function uploadBodyError(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  if ((typeof code === 'string' && MALFORMED_CODES.has(code)) || MALFORMED.test(error.message))
    return new AppError(
      400,
      'MALFORMED_MULTIPART',
      `The body is not valid multipart/form-data (${error.message}). Send the file in a field named "file".`,
    );
  return error;
}

/**
 * The request's one file, in the multipart field "file", handed to `use`: 415 for a body that is not
 * multipart, 400 naming `file` when it is missing, and the body's own faults as 400s (`uploadBodyError`).
 * Media uploads and bulk imports take their files this way.
 */
export async function withUploadedFile<T>(request: FastifyRequest, use: (file: MultipartFile) => Promise<T>) {
  if (!request.isMultipart())
    throw new AppError(415, 'NOT_MULTIPART', 'Send the file as multipart/form-data in a field named "file".');
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'file')
      throw new AppError(400, 'VALIDATION_ERROR', 'Invalid body: file (missing)', {
        fields: { file: 'errors.validation' },
      });
    return await use(file);
  } catch (error) {
    throw uploadBodyError(error);
  }
}
