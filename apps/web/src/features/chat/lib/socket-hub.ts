import type { ClientFrame, ServerFrame, WidgetStatus } from '@junction/domain';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { loadChunk } from '../../../shared/lib/load-chunk';
import type { ChatSocket } from './chat-socket';

export type SocketHub = {
  subscribe: (listener: (frame: ServerFrame) => void) => () => void;
  send: (frame: ClientFrame) => void;
  widget: WidgetStatus | null;
};

export const SocketHubContext = createContext<SocketHub | null>(null);
export const useSocketHub = (): SocketHub => {
  const hub = useContext(SocketHubContext);
  if (!hub) throw new Error('useSocketHub outside a chat socket provider');
  return hub;
};

/** One WebSocket for a page, shared by everything on it that shows the chat. */
export function useChatSocket(
  role: 'traveller' | 'agent',
  enabled: boolean,
  onFrame?: (f: ServerFrame) => void,
): SocketHub {
  const [widget, setWidget] = useState<WidgetStatus | null>(null);
  const listeners = useRef(new Set<(frame: ServerFrame) => void>());
  const socket = useRef<ChatSocket | null>(null);
  const onFrameRef = useRef(onFrame);
  onFrameRef.current = onFrame;
  useEffect(() => {
    if (!enabled) {
      setWidget(null);
      return;
    }
    // The socket (and the schema its frames are read with) loads once someone is signed in.
    setWidget('pending');
    let s: ChatSocket | null = null;
    let closed = false;
    void loadChunk(() => import('./chat-socket')).then(
      ({ ChatSocket }) => {
        if (closed) return;
        s = new ChatSocket(role, {
          status: setWidget,
          frame: (frame) => {
            onFrameRef.current?.(frame);
            for (const l of listeners.current) l(frame);
          },
        });
        socket.current = s;
        s.start();
      },
      () => {
        if (!closed) setWidget('failed');
      },
    );
    return () => {
      closed = true;
      s?.stop();
      socket.current = null;
    };
  }, [role, enabled]);
  const subscribe = useCallback((listener: (frame: ServerFrame) => void) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  const send = useCallback((frame: ClientFrame) => socket.current?.send(frame), []);
  return useMemo(() => ({ subscribe, send, widget }), [subscribe, send, widget]);
}
