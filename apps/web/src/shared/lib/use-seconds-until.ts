import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `deadline` (an ISO instant), never below zero, ticking each second while
 * `running`; 0 without a deadline. The payment countdown of spec §4 on the order and payment pages.
 */
export function useSecondsUntil(deadline: string | undefined, running = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return deadline ? Math.max(0, Math.floor((Date.parse(deadline) - now) / 1000)) : 0;
}
