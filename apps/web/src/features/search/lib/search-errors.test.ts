import { ERRORS } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { beijingShanghai } from '../../../testing/search-fixtures';
import { classifySearchError } from './search-errors';

const current = beijingShanghai();
const expired = (params?: Record<string, unknown>) =>
  new ApiError(400, { errorCode: ERRORS.RESULTS_EXPIRED.errorCode, errorType: 'expired', errorContent: 'x', params });

describe('search errors (spec §8)', () => {
  it('offers a refresh with the returned criteria when a 400 expired carries params', () => {
    const next = { ...current, adults: 2 };
    expect(classifySearchError(expired(next), current)).toEqual({ kind: 'stale', criteria: next });
    expect(classifySearchError(expired({ criteria: next }), current)).toEqual({ kind: 'stale', criteria: next });
    expect(classifySearchError(expired({ odd: true }), current)).toEqual({ kind: 'stale', criteria: current });
  });

  it('sends expired results without params home, and leaves 401, 403 and 409 to the query client', () => {
    expect(classifySearchError(expired(), current)).toEqual({ kind: 'expired' });
    for (const status of [401, 403, 409]) {
      expect(classifySearchError(new ApiError(status, { errorCode: 1, errorContent: 'x' }), current)).toBeNull();
    }
  });

  it('shows other refusals by code and treats server trouble as unavailable', () => {
    expect(classifySearchError(new ApiError(400, { errorCode: 3101, errorContent: 'x' }), current)).toEqual({
      kind: 'refused',
      errorCode: 3101,
    });
    expect(classifySearchError(new ApiError(503, { errorCode: 5030, errorContent: 'x' }), current)).toEqual({
      kind: 'unavailable',
    });
    // A busy server is not the traveller's connection.
    expect(classifySearchError(new ApiError(419, { errorCode: 4190, errorContent: 'x' }), current)).toEqual({
      kind: 'busy',
    });
    expect(classifySearchError(null, current)).toBeNull();
  });
});
