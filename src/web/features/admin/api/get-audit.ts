import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '../../../../shared/api/admin.schemas';
import { api } from '../../../lib/api-client';

export const getAudit = (limit: number) =>
  api<{ data: AuditEntry[] }>(`/audit?limit=${limit}`).then((r) => r.data);

export const useAudit = (limit: number, enabled: boolean) =>
  useQuery(queryOptions({ queryKey: ['admin', 'audit', limit], queryFn: () => getAudit(limit), enabled }));
