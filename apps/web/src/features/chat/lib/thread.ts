import type { ChatMessage } from '@junction/domain';

/** The messages of one conversation as the client holds them: unique by number, in order. */
export type Thread = { conversationId: string; messages: ChatMessage[] };

export const emptyThread = (conversationId: string): Thread => ({ conversationId, messages: [] });

/** Adds messages however they arrive (twice, out of order, from a resume and a push at once). */
export function mergeMessages(thread: Thread, incoming: readonly ChatMessage[]): Thread {
  const fresh = incoming.filter((m) => m.conversationId === thread.conversationId);
  if (fresh.length === 0) return thread;
  const bySeq = new Map(thread.messages.map((m) => [m.seq, m]));
  let changed = false;
  for (const m of fresh) {
    if (!bySeq.has(m.seq)) {
      bySeq.set(m.seq, m);
      changed = true;
    }
  }
  if (!changed) return thread;
  return { ...thread, messages: [...bySeq.values()].sort((a, b) => a.seq - b.seq) };
}

/** The last message held with none missing before it: a resume asks for what comes after it. */
export function contiguousSeq(thread: Thread): number {
  let seq = 0;
  for (const m of thread.messages) {
    if (m.seq !== seq + 1) break;
    seq = m.seq;
  }
  return seq;
}

/** Whether a pushed message leaves a gap (something between was missed and must be fetched). */
export const leavesGap = (thread: Thread, m: ChatMessage): boolean => m.seq > contiguousSeq(thread) + 1;

/** The other side's messages after the reader's read mark. */
export function unreadIn(thread: Thread, reader: 'traveller' | 'agent', readSeq: number): number {
  return thread.messages.filter(
    (m) => m.seq > readSeq && (reader === 'traveller' ? m.sender !== 'traveller' : m.sender === 'traveller'),
  ).length;
}
