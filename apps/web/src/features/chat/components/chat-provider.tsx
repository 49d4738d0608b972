import { serviceStatusOf } from '@junction/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useMemo, useState } from 'react';
import { useAuth } from '../../../shared/auth/auth-context';
import { type ChatLauncher, ChatLauncherContext } from '../../../shared/chat/chat-launcher';
import { lazyChunk } from '../../../shared/lib/load-chunk';
import { chatKeys, chatSummaryQueryOptions } from '../api/chat-summary';
import { SocketHubContext, useChatSocket } from '../lib/socket-hub';

const ChatPanel = lazyChunk(async () => {
  const [{ withAntd }, { ChatPanel }] = await Promise.all([
    import('../../../shared/ui/antd-scope'),
    import('./chat-panel'),
  ]);
  return { default: withAntd(ChatPanel) };
});

/**
 * Online service for the signed-in traveller on every page: the socket, the unread count, the status
 * the account menu shows, and the panel, opened from the menu, an order page or the contact page.
 */
export function ChatProvider({ children }: { children: ReactNode }) {
  const { isSignedIn, openLogin } = useAuth();
  const queryClient = useQueryClient();
  const [panel, setPanel] = useState<{ orderId: string | null; at: number } | null>(null);
  const summary = useQuery({ ...chatSummaryQueryOptions(), enabled: isSignedIn });
  const hub = useChatSocket('traveller', isSignedIn, (frame) => {
    if (
      frame.type === 'ready' ||
      frame.type === 'conversation' ||
      (frame.type === 'message' && frame.message.sender !== 'traveller')
    )
      void queryClient.invalidateQueries({ queryKey: chatKeys.all });
  });

  const failed = hub.widget === 'failed' || (summary.isError && !summary.data);
  const launcher = useMemo<ChatLauncher>(
    () => ({
      open: (options) => {
        if (!isSignedIn) return openLogin();
        setPanel({ orderId: options?.orderId ?? null, at: Date.now() });
      },
      unread: summary.data?.unread ?? 0,
      status: failed ? 'failed' : serviceStatusOf(isSignedIn ? hub.widget : null),
      available: isSignedIn,
    }),
    [isSignedIn, openLogin, summary.data?.unread, failed, hub.widget],
  );

  return (
    <ChatLauncherContext.Provider value={launcher}>
      <SocketHubContext.Provider value={hub}>
        {children}
        {panel && isSignedIn ? (
          <Suspense>
            <ChatPanel key={panel.at} orderId={panel.orderId} failed={failed} onClose={() => setPanel(null)} />
          </Suspense>
        ) : null}
      </SocketHubContext.Provider>
    </ChatLauncherContext.Provider>
  );
}
