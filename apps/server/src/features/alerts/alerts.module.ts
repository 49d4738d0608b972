import type { Basics, FeatureModule } from '../../feature-module';
import type { JobRegistry } from '../../jobs/jobs';
import { registerAlertJobs } from './alerts.jobs';
import { AlertsRepository } from './alerts.repository';
import { alertCheckRoutes, alertRoutes } from './alerts.routes';
import { AlertsService } from './alerts.service';
import type { AlertNotify, AlertSearch } from './ports';

/** Price alerts: searched on a schedule through the search given, told through the notices. */
export function alertsModule(
  basics: Basics,
  ports: { search: AlertSearch; notify: AlertNotify },
): FeatureModule<AlertsService> & { simulatorRoutes?: ReturnType<typeof alertCheckRoutes> } {
  const { db, config, now } = basics;
  const service = new AlertsService(
    new AlertsRepository(db),
    ports.search,
    ports.notify,
    {
      perUser: config.ALERTS_PER_USER,
      checkEveryMs: config.ALERT_CHECK_MINUTES * 60_000,
      monthSearches: config.ALERT_MONTH_SEARCHES,
    },
    now,
  );
  return {
    service,
    routes: alertRoutes(service),
    jobs: (registry: JobRegistry) => registerAlertJobs(registry, service, config.ALERT_SWEEP_CRON),
    simulatorRoutes: config.NODE_ENV === 'production' ? undefined : alertCheckRoutes(service),
  };
}
