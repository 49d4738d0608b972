import { createContext, type ReactNode, Suspense, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyChunk } from '../lib/load-chunk';

/**
 * The global message dialog of spec §4. The type decides what its one button does:
 * REFRESH reruns with the returned params, TO_HOMEPAGE goes to `/`, CONFIRM only closes,
 * and the default reloads the page.
 */
export const MESSAGE_TYPES = ['REFRESH', 'TO_HOMEPAGE', 'CONFIRM', 'DEFAULT'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export type MessageOptions = {
  type?: MessageType;
  title?: string;
  content: string;
  /** With REFRESH: called with the params the server returned; without it, the page reloads. */
  onRefresh?: () => void;
};

type MessageDialogApi = { showMessage: (options: MessageOptions) => void; closeMessage: () => void };

const MessageDialogContext = createContext<MessageDialogApi | null>(null);

// The dialog (Ant Design's Modal) loads the first time a message is shown.
const MessageModal = lazyChunk(async () => {
  const [{ withAntd }, { MessageModal }] = await Promise.all([
    import('./antd-scope'),
    import('./message-dialog-modal'),
  ]);
  return { default: withAntd(MessageModal) };
});

export type MessageDialogProviderProps = {
  children: ReactNode;
  /** Navigation to the home page; the router is mounted inside the provider. */
  goHome?: () => void;
  reload?: () => void;
};

export function MessageDialogProvider({
  children,
  goHome = () => window.location.assign('/'),
  reload = () => window.location.reload(),
}: MessageDialogProviderProps) {
  const { t } = useTranslation('common');
  const [current, setCurrent] = useState<MessageOptions | null>(null);
  // Once shown, the dialog stays mounted so that it can close with its animation.
  const [wasShown, setWasShown] = useState(false);
  if (current && !wasShown) setWasShown(true);
  const handlers = useRef({ goHome, reload });
  handlers.current = { goHome, reload };

  const closeMessage = useCallback(() => setCurrent(null), []);
  const api = useMemo<MessageDialogApi>(() => ({ showMessage: setCurrent, closeMessage }), [closeMessage]);

  const type = current?.type ?? 'DEFAULT';
  const handleOk = () => {
    setCurrent(null);
    if (type === 'REFRESH') (current?.onRefresh ?? handlers.current.reload)();
    else if (type === 'TO_HOMEPAGE') handlers.current.goHome();
    else if (type === 'DEFAULT') handlers.current.reload();
  };
  const okText = {
    REFRESH: t('dialog.refresh'),
    TO_HOMEPAGE: t('dialog.homePage'),
    CONFIRM: t('dialog.ok'),
    DEFAULT: t('dialog.ok'),
  }[type];

  return (
    <MessageDialogContext.Provider value={api}>
      {children}
      {wasShown ? (
        <Suspense fallback={null}>
          <MessageModal
            open={current !== null}
            title={current?.title ?? t('dialog.title')}
            okText={okText}
            onOk={handleOk}
            onCancel={type === 'CONFIRM' ? closeMessage : handleOk}
            closable={type === 'CONFIRM'}
            content={current?.content}
            type={type}
          />
        </Suspense>
      ) : null}
    </MessageDialogContext.Provider>
  );
}

export function useMessageDialog(): MessageDialogApi {
  const value = useContext(MessageDialogContext);
  if (!value) throw new Error('useMessageDialog outside MessageDialogProvider');
  return value;
}
