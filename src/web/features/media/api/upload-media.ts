import { useMutation } from '@tanstack/react-query';
import type { Media, MediaKind } from '../../../../shared/api/media.schemas';
import { ApiRequestError } from '../../../lib/api-client';
import { currentWorkspace } from '../../../lib/workspace';

/**
 * Uploads one file as multipart form data (the JSON client does not send files). Errors come back in
 * the API's shape, with the file name and limit as `params` for the translated message.
 */
export async function uploadMedia({ file, kind }: { file: File; kind: MediaKind }): Promise<Media> {
  const body = new FormData();
  body.append('file', file, file.name);
  // Into the tab's workspace, like every other call (before, a team's uploads went to the personal one).
  const workspace = currentWorkspace();
  let response: Response;
  try {
    response = await fetch(`/api/media?kind=${kind}`, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: workspace ? { 'x-postwell-workspace': workspace } : {},
    });
  } catch {
    throw new ApiRequestError({ statusCode: 0, code: 'NETWORK_ERROR', message: 'errors.network' });
  }
  const data = (await response.json().catch(() => ({}))) as Media & {
    code?: string;
    message?: string;
    params?: Record<string, string | number>;
    retryAfterSeconds?: number;
  };
  if (!response.ok) {
    throw new ApiRequestError({
      statusCode: response.status,
      code: data.code ?? 'HTTP_ERROR',
      message: data.message ?? response.statusText,
      params: data.params,
      retryAfterSeconds: data.retryAfterSeconds,
    });
  }
  return data;
}

export const useUploadMedia = () => useMutation({ mutationFn: uploadMedia });
