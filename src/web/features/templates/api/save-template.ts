import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Template, TemplateWrite } from '../../../../shared/api/templates.schemas';
import { api } from '../../../lib/api-client';
import { templatesQueryKey } from './get-templates';

/** Creates a template, or changes one when `id` is given. */
export const saveTemplate = ({ id, body }: { id?: string; body: TemplateWrite }) =>
  api<Template>(id ? `/templates/${id}` : '/templates', { method: id ? 'PUT' : 'POST', body });

export const useSaveTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
};
