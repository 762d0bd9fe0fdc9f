import { useMutation } from '@tanstack/react-query';
import type { TrialRequestBody, TrialRequestResult } from '../../../../shared/api/trials.schemas';
import { api } from '../../../lib/api-client';

export const createTrialRequest = (body: TrialRequestBody) =>
  api<TrialRequestResult>('/trials', { method: 'POST', body });

export const useCreateTrialRequest = () => useMutation({ mutationFn: createTrialRequest });
