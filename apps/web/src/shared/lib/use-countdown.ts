import { useCallback, useEffect, useState } from 'react';

/** Seconds left before a new code may be asked for (spec §4: 60 → 0, ticking each second). */
export function useCountdown(seconds: number): { left: number; isRunning: boolean; start: () => void } {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const start = useCallback(() => setLeft(seconds), [seconds]);
  return { left, isRunning: left > 0, start };
}
