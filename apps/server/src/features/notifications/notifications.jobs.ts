import { z } from 'zod';
import type { JobRegistry } from '../../jobs/jobs';
import type { NotificationsService } from './notifications.service';

/** Each notice's e-mail and SMS go out once each, retried with back-off while the relay fails. */
export function registerNotificationJobs(jobs: JobRegistry, notices: NotificationsService): void {
  const payload = z.object({ noticeId: z.uuid() });
  jobs.task('notifications.mail', payload, async (p) => {
    await notices.deliverMail(p.noticeId);
  });
  jobs.task('notifications.sms', payload, async (p) => {
    await notices.deliverSms(p.noticeId);
  });
}
