import { useMutation } from '@tanstack/react-query';
import type { ImportPreview } from '../../../../shared/api/imports.schemas';
import { postFile } from '../../../lib/api-client';

// POST /api/imports: the file read and each row checked; nothing is saved until confirmed.
export const previewImport = (file: File) => postFile<ImportPreview>('/imports', file);

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });
