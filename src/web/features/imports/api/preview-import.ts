import { useMutation } from '@tanstack/react-query';
import type { ImportPreview } from '../../../../shared/api/imports.schemas';
import { ApiRequestError } from '../../../lib/api-client';
import { currentWorkspace } from '../../../lib/workspace';

/**
 * POST /api/imports: sends the file as multipart form data (the JSON client does not send files), in the
 * tab's workspace; a refusal comes back in the API's shape, its params for the translated message.
 */
export async function previewImport(file: File): Promise<ImportPreview> {
  const body = new FormData();
  body.append('file', file, file.name);
  const workspace = currentWorkspace();
  let response: Response;
  try {
    response = await fetch('/api/imports', {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: workspace ? { 'x-postwell-workspace': workspace } : {},
    });
  } catch {
    throw new ApiRequestError({ statusCode: 0, code: 'NETWORK_ERROR', message: 'errors.network' });
  }
  const data = (await response.json().catch(() => ({}))) as ImportPreview & {
    code?: string;
    message?: string;
    params?: Record<string, string | number>;
    retryAfterSeconds?: number;
  };
  if (!response.ok)
    throw new ApiRequestError({
      statusCode: response.status,
      code: data.code ?? 'HTTP_ERROR',
      message: data.message ?? response.statusText,
      params: data.params,
      retryAfterSeconds: data.retryAfterSeconds,
    });
  return data;
}

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });
