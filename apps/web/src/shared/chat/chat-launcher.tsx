import type { ServiceStatus } from '@junction/domain';
import { createContext, useContext } from 'react';

/** Online service as any page sees it: open the chat (with an order attached), its unread count and status (spec §2, §4). */
export type ChatLauncher = {
  open: (options?: { orderId?: string }) => void;
  unread: number;
  status: ServiceStatus;
  /** Whether the chat exists for this reader (a signed-in traveller). */
  available: boolean;
};

const idle: ChatLauncher = { open: () => {}, unread: 0, status: 'init', available: false };

export const ChatLauncherContext = createContext<ChatLauncher>(idle);

export const useChatLauncher = (): ChatLauncher => useContext(ChatLauncherContext);
