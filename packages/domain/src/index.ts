export * from './accounts/account.schema';
export * from './errors';
export * from './money/money';
export * from './places/place.schema';
export * from './places/place-code';
export * from './places/place-token';
export * from './preferences';
export * from './site';
