import type { ChatMessage, QueueItem } from '@junction/domain';
import type { MenuProps } from 'antd';
import { useCallback, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../../shared/lib/error-text';
import { fetchAgentMessages, useAgentAction, useAgentRead, useAgentSend } from '../../api/chat';
import { newClientId } from '../../lib/client-id';
import { SocketHubContext } from '../../lib/socket-hub';
import { useThread } from '../../lib/use-thread';

/** The console's live connection, given by the page. */
export function useContextHub() {
  const hub = useContext(SocketHubContext);
  if (!hub) throw new Error('no socket');
  return hub;
}

/** The canned replies in both languages, the site's language first; a pick fills the composer. */
function useCannedMenu(setDraft: (draft: { text: string; at: number }) => void): MenuProps {
  const { t, i18n } = useTranslation('chat');
  const canned = t('canned', { returnObjects: true }) as { id: string; en: string; zh: string }[];
  const zhFirst = i18n.language === 'zh-CN';
  return {
    items: canned.flatMap((c) => [
      { key: `${c.id}-a`, label: zhFirst ? c.zh : c.en },
      { key: `${c.id}-b`, label: zhFirst ? c.en : c.zh },
    ]),
    onClick: ({ key }) => {
      const c = canned.find((x) => key.startsWith(`${x.id}-`));
      if (!c) return;
      const first = key.endsWith('-a');
      setDraft({ text: first === zhFirst ? c.zh : c.en, at: Date.now() });
    },
  };
}

/**
 * One conversation in the agent's console: its thread, read as the agent holding it reads it, and the
 * agent's actions (take, transfer, close, reply), each failure said in the site's language.
 */
export function useConversation(item: QueueItem, meId: string, onGone: () => void) {
  const errorText = useErrorText();
  const hub = useContextHub();
  const { thread, conversation, typing, add } = useThread(item.id, 'agent', fetchAgentMessages);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<{ text: string; at: number } | null>(null);
  const [transferTo, setTransferTo] = useState<string | undefined>();
  const onSent = useCallback((m: ChatMessage) => add([m]), [add]);
  const send = useAgentSend(onSent);
  const actions = useAgentAction();
  const held = item.status === 'active' && item.agentId === meId;
  const shown = conversation ?? item;
  const cannedMenu = useCannedMenu(setDraft);

  const lastTheirs = thread?.messages.filter((m) => m.sender === 'traveller').at(-1)?.seq ?? 0;
  const read = useAgentRead();
  const readMutate = read.mutate;
  useEffect(() => {
    if (held && lastTheirs > (shown.agentReadSeq ?? 0)) readMutate({ conversationId: item.id, seq: lastTheirs });
  }, [held, lastTheirs, shown.agentReadSeq, readMutate, item.id]);

  const act = (p: Promise<unknown>) => p.then(() => setError(null)).catch((e) => setError(errorText(e)));
  const take = () => act(actions.take.mutateAsync(item.id));
  const transfer = () =>
    transferTo && act(actions.transfer.mutateAsync({ conversationId: item.id, agentId: transferTo }).then(onGone));
  const close = () => act(actions.close.mutateAsync(item.id).then(onGone));
  const reply = (text: string) =>
    send.mutateAsync({ kind: 'text', clientId: newClientId(), text, conversationId: item.id }).catch((e) => {
      setError(errorText(e));
      throw e;
    });
  const sendTyping = () => hub.send({ type: 'typing', conversationId: item.id });

  return {
    thread,
    shown,
    typing,
    error,
    draft,
    held,
    transferTo,
    setTransferTo,
    actions,
    isSending: send.isPending,
    cannedMenu,
    take,
    transfer,
    close,
    reply,
    sendTyping,
  };
}
