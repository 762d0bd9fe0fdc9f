import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ConnectStartSchema } from '../../../../shared/api/connections.schemas';
import type { Platform } from '../../../../shared/platforms/rules';
import { api } from '../../../lib/api-client';

/** The network's consent page for an OAuth network; the browser is sent there next. */
export const startConnect = (platform: Platform) =>
  api<z.infer<typeof ConnectStartSchema>>(`/social/${platform}/connect`);

export const useStartConnect = () => useMutation({ mutationFn: startConnect });
