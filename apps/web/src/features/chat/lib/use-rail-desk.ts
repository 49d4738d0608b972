import type { RailChangeRefusal, RailDeskRequest, RailDeskTicket } from '@junction/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { railDeskQueryOptions, useRailDeskActions } from '../api/rail-desk';

/** A traveller of a waiting change, by their place in the order (a change queued before names were kept shows none). */
export const deskPassengers = (r: RailDeskRequest) =>
  r.passengers ?? [...new Set(r.replaces.map((t) => t.travellerPosition))].map((position) => ({ position, name: '' }));

/**
 * The desk tab's state: the changes waiting (the longest waiting first, the newest last), the one whose new
 * ticket the agent is entering or which the agent is refusing, and what the agent last did.
 */
export function useRailDesk() {
  const queue = useQuery(railDeskQueryOptions());
  const actions = useRailDeskActions();
  const [open, setOpen] = useState<{ key: string; action: 'complete' | 'refuse' } | null>(null);
  const [done, setDone] = useState<'completed' | 'refused' | null>(null);
  const changes = (queue.data?.items ?? []).filter((r) => r.kind === 'change');
  const current = changes.find((r) => r.key === open?.key);

  const start = (key: string, action: 'complete' | 'refuse') => {
    actions.complete.reset();
    actions.refuse.reset();
    setDone(null);
    setOpen({ key, action });
  };
  const close = () => setOpen(null);
  const finished = (what: 'completed' | 'refused') => () => {
    setOpen(null);
    setDone(what);
  };
  const complete = (tickets: RailDeskTicket[]) => {
    if (current) actions.complete.mutate({ key: current.key, tickets }, { onSuccess: finished('completed') });
  };
  const refuse = (reason: RailChangeRefusal) => {
    if (current) actions.refuse.mutate({ key: current.key, reason }, { onSuccess: finished('refused') });
  };
  return {
    queue,
    changes,
    completing: open?.action === 'complete' ? current : undefined,
    refusing: open?.action === 'refuse' ? current : undefined,
    start,
    close,
    complete,
    refuse,
    done,
    completeState: actions.complete,
    refuseState: actions.refuse,
  };
}

export type RailDeskState = ReturnType<typeof useRailDesk>;
