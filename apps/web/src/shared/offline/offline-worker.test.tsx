import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUser } from '../../testing/accounts';
import { localSession } from '../auth/session';
import { useOfflineWorker } from './offline-worker';

afterEach(() => vi.unstubAllGlobals());

describe('a page of trips that may be shown as saved', () => {
  it('reads its trips again each time the device is back online, and no more once it is gone', () => {
    const refresh = vi.fn();
    const { unmount } = renderHook(() => useOfflineWorker(refresh));
    window.dispatchEvent(new Event('offline'));
    expect(refresh).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('online'));
    expect(refresh).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    expect(refresh).toHaveBeenCalledTimes(2);
    unmount();
    window.dispatchEvent(new Event('online'));
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('registers no worker outside the built site, even for a signed-in traveller', () => {
    localSession.save(currentUser('Wei'));
    const register = vi.fn(async () => ({}));
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register, controller: null } });
    renderHook(() => useOfflineWorker(() => {}));
    expect(register).not.toHaveBeenCalled();
  });
});
