import { AppError } from '../http/errors';

// busboy's own errors carry no code; these are its words for a body that is not valid multipart.
const MALFORMED = /boundary not found|unexpected end of multipart data|terminated early/i;
const MALFORMED_CODES = new Set(['FST_MP_PREMATURE_CLOSE', 'FST_PROTO_VIOLATION', 'FST_INVALID_JSON_FIELD_ERROR']);
const TOO_MANY_CODES = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']);

/**
 * What @fastify/multipart and busboy throw about the request body, as the client's error it is (400 or
 * 413 in the ApiError shape) rather than a 500; any other error is returned as it is.
 */
export function uploadBodyError(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && TOO_MANY_CODES.has(code))
    return new AppError(413, 'TOO_MANY_PARTS', 'Send one file, in a field named "file", and nothing else.');
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(413, 'FILE_TOO_LARGE', 'The file is larger than any upload may be (100MB).');
  if ((typeof code === 'string' && MALFORMED_CODES.has(code)) || MALFORMED.test(error.message))
    return new AppError(
      400,
      'MALFORMED_MULTIPART',
      `The body is not valid multipart/form-data (${error.message}). Send the file in a field named "file".`,
    );
  return error;
}
