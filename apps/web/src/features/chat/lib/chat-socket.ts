import {
  CHAT_SOCKET_PATH,
  type ClientFrame,
  type ServerFrame,
  serverFrameSchema,
  type WidgetStatus,
} from '@junction/domain';

export type SocketListener = {
  frame: (frame: ServerFrame) => void;
  status: (status: WidgetStatus) => void;
};

/**
 * The chat's WebSocket: reports `pending` while connecting, `success` once the server says ready, and
 * `failed` when it cannot connect; it reconnects by itself with growing pauses (at most 10 s).
 */
export class ChatSocket {
  private ws: WebSocket | undefined;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private ready = false;

  constructor(
    private readonly role: 'traveller' | 'agent',
    private readonly listener: SocketListener,
  ) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.ws?.close();
    this.ws = undefined;
  }

  send(frame: ClientFrame): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private connect(): void {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const url = `${scheme}://${window.location.host}${CHAT_SOCKET_PATH}${this.role === 'agent' ? '?role=agent' : ''}`;
    this.ready = false;
    if (this.attempts === 0) this.listener.status('pending');
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onmessage = (event) => {
      let frame: ServerFrame;
      try {
        const parsed = serverFrameSchema.safeParse(JSON.parse(String(event.data)));
        if (!parsed.success) return;
        frame = parsed.data;
      } catch {
        return;
      }
      if (frame.type === 'ready') {
        this.ready = true;
        this.attempts = 0;
        this.listener.status('success');
      }
      this.listener.frame(frame);
    };
    ws.onclose = () => {
      if (this.ws !== ws || this.stopped) return;
      this.ws = undefined;
      // A connection that never became ready failed; a dropped one is pending while it comes back.
      this.listener.status(this.ready && this.attempts === 0 ? 'pending' : 'failed');
      const delay = Math.min(10_000, 500 * 2 ** this.attempts);
      this.attempts++;
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }
}
