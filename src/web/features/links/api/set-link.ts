import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShortLink } from '../../../../shared/api/links.schemas';
import { api } from '../../../lib/api-client';
import { linksQueryKey } from './get-links';

// PUT /api/links/:id: turns a short link off (it answers 404) or on again.
export const setLink = ({ id, disabled }: { id: string; disabled: boolean }) =>
  api<ShortLink>(`/links/${id}`, { method: 'PUT', body: { disabled } });

export const useSetLink = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLink,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: linksQueryKey }),
  });
};
