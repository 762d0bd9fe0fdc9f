import { z } from 'zod';
import { defineJob } from '../jobs/queue';

export const sendMailJob = defineJob({
  name: 'mail-send',
  payload: z.object({ outboxId: z.uuid() }),
  retryLimit: 5,
  retryDelaySeconds: 30,
});
