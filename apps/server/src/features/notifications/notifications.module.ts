import type { Basics, FeatureModule } from '../../feature-module';
import type { JobRegistry } from '../../jobs/jobs';
import { registerNotificationJobs } from './notifications.jobs';
import { NotificationsRepository } from './notifications.repository';
import { notificationRoutes } from './notifications.routes';
import { type NoticeChannels, NotificationsService } from './notifications.service';

/** Notices: stored, counted unread, mailed and texted through the channels given. */
export function notificationsModule(basics: Basics, channels: NoticeChannels): FeatureModule<NotificationsService> {
  const { db, config, now } = basics;
  const service = new NotificationsService(
    new NotificationsRepository(db),
    channels,
    { publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` },
    now,
  );
  return {
    service,
    routes: notificationRoutes(service),
    jobs: (registry: JobRegistry) => registerNotificationJobs(registry, service),
  };
}
