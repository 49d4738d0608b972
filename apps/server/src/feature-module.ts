import type { Refdata } from '@junction/refdata';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import type { JobRegistry } from './jobs/jobs';
import type { Secrets } from './lib/secrets';

/**
 * What every feature's builder is given: the database, the configuration, the reference data, the key
 * material and the clock.
 */
export type Basics = {
  db: Db;
  config: Config;
  refdata: Refdata;
  secrets: Secrets;
  now: () => Date;
};

/**
 * What a feature's builder (`features/<x>/<x>.module.ts`) returns: its service for the features built after
 * it, its routes for the API scope and its jobs for the registry. Ports the builder needs are its arguments.
 */
export type FeatureModule<S> = {
  service: S;
  routes: FastifyPluginAsync;
  jobs: (registry: JobRegistry) => void;
};
