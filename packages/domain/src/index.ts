export * from './errors';
export * from './preferences';
export * from './site';
