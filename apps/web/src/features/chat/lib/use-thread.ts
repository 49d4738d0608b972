import type { ChatMessage, Conversation, MessagesPage } from '@junction/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSocketHub } from './socket-hub';
import { contiguousSeq, emptyThread, leavesGap, mergeMessages, type Thread } from './thread';

type Fetcher = (conversationId: string, after: number) => Promise<MessagesPage>;

/**
 * One conversation kept up to date: loaded from the server, then pushed messages merged in; after a
 * reconnect (the socket's `ready`) or a gap it asks for what came after the last message it holds, so
 * nothing is lost and nothing shown twice.
 */
export function useThread(conversationId: string | null, reader: 'traveller' | 'agent', fetcher: Fetcher) {
  const hub = useSocketHub();
  const [thread, setThread] = useState<Thread | null>(null);
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [typing, setTyping] = useState(false);
  const [loadError, setLoadError] = useState<unknown>(null);
  const threadRef = useRef<Thread | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const apply = useCallback((next: Thread) => {
    threadRef.current = next;
    setThread(next);
  }, []);

  const add = useCallback(
    (messages: ChatMessage[]) => {
      const current = threadRef.current;
      if (!current) return;
      apply(mergeMessages(current, messages));
    },
    [apply],
  );

  const load = useCallback(async (): Promise<void> => {
    if (!conversationId) return;
    if (loading.current) {
      again.current = true;
      return loading.current;
    }
    const run = async () => {
      do {
        again.current = false;
        for (;;) {
          const current = threadRef.current ?? emptyThread(conversationId);
          const page = await fetcher(conversationId, contiguousSeq(current));
          if (threadRef.current?.conversationId !== conversationId) return;
          apply(mergeMessages(threadRef.current, page.messages));
          setConversation(page.conversation);
          setLoadError(null);
          if (page.messages.length < 200) break;
        }
      } while (again.current);
    };
    loading.current = run()
      .catch((e: unknown) => setLoadError(e))
      .finally(() => {
        loading.current = null;
      });
    return loading.current;
  }, [conversationId, fetcher, apply]);

  useEffect(() => {
    if (!conversationId) {
      threadRef.current = null;
      setThread(null);
      setConversation(null);
      return;
    }
    apply(emptyThread(conversationId));
    setConversation(null);
    void load();
  }, [conversationId, load, apply]);

  useEffect(
    () =>
      hub.subscribe((frame) => {
        if (frame.type === 'ready') return void load();
        if (!conversationId) return;
        if (frame.type === 'message' && frame.message.conversationId === conversationId) {
          const current = threadRef.current;
          if (!current) return;
          const gap = leavesGap(current, frame.message);
          apply(mergeMessages(current, [frame.message]));
          const mine = reader === 'traveller' ? frame.message.sender === 'traveller' : frame.message.sender === 'agent';
          if (!mine) {
            setTyping(false);
            hub.send({ type: 'delivered', conversationId, seq: frame.message.seq });
          }
          if (gap || frame.message.kind === 'event') void load();
        }
        if (frame.type === 'marks' && frame.conversationId === conversationId) {
          setConversation((c) =>
            c
              ? {
                  ...c,
                  travellerDeliveredSeq: frame.travellerDeliveredSeq,
                  travellerReadSeq: frame.travellerReadSeq,
                  agentDeliveredSeq: frame.agentDeliveredSeq,
                  agentReadSeq: frame.agentReadSeq,
                }
              : c,
          );
        }
        if (frame.type === 'conversation' && frame.conversationId === conversationId) void load();
        if (frame.type === 'typing' && frame.conversationId === conversationId && frame.by !== reader) {
          setTyping(true);
          clearTimeout(typingTimer.current);
          typingTimer.current = setTimeout(() => setTyping(false), 4000);
        }
      }),
    [hub, conversationId, reader, load, apply],
  );

  useEffect(() => () => clearTimeout(typingTimer.current), []);

  return { thread, conversation, typing, loadError, add, reload: load };
}
