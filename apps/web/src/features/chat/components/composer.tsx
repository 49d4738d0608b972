import { PictureOutlined, SendOutlined } from '@ant-design/icons';
import { CHAT_IMAGE_MAX_BYTES, CHAT_IMAGE_TYPES, CHAT_TEXT_MAX } from '@junction/domain';
import { Button, Input, Tooltip } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './chat.module.css';

export type ComposerProps = {
  onSend: (text: string) => Promise<unknown>;
  onImage?: (base64: string) => Promise<unknown>;
  onTyping: () => void;
  /** Refuses an image before it is sent (wrong type or too large), with the error code. */
  onRefused?: (errorCode: number) => void;
  sending: boolean;
  disabled?: boolean;
  placeholder: string;
  /** Text put in by a canned reply. */
  draft?: { text: string; at: number } | null;
  extra?: ReactNode;
};

const toBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** Where a message is written: Enter sends, Shift+Enter breaks the line; images are checked before they go. */
export function Composer({
  onSend,
  onImage,
  onTyping,
  onRefused,
  sending,
  disabled,
  placeholder,
  draft,
  extra,
}: ComposerProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [seenDraft, setSeenDraft] = useState<number | null>(null);
  const lastTyping = useRef(0);
  const file = useRef<HTMLInputElement>(null);
  if (draft && draft.at !== seenDraft) {
    setSeenDraft(draft.at);
    setText(draft.text);
  }

  const send = async () => {
    const value = text.trim();
    if (!value || sending) return;
    try {
      await onSend(value);
      setText('');
    } catch {
      // The error is shown by the caller; the text stays to be sent again.
    }
  };

  const pick = async (f: File | undefined) => {
    if (!f || !onImage) return;
    if (!(CHAT_IMAGE_TYPES as readonly string[]).includes(f.type)) return onRefused?.(7007);
    if (f.size > CHAT_IMAGE_MAX_BYTES) return onRefused?.(7008);
    await onImage(await toBase64(f)).catch(() => {});
  };

  return (
    <div className={styles.composer}>
      {extra}
      <Input.TextArea
        value={text}
        disabled={disabled}
        onChange={(e) => {
          setText(e.target.value);
          if (Date.now() - lastTyping.current > 2500) {
            lastTyping.current = Date.now();
            onTyping();
          }
        }}
        onPressEnter={(e) => {
          if (e.shiftKey || e.nativeEvent.isComposing) return;
          e.preventDefault();
          void send();
        }}
        placeholder={placeholder}
        aria-label={placeholder}
        maxLength={CHAT_TEXT_MAX}
        autoSize={{ minRows: 2, maxRows: 5 }}
        data-testid="chat-input"
      />
      <div className={styles.actions}>
        {onImage ? (
          <>
            <input
              ref={file}
              type="file"
              accept={CHAT_IMAGE_TYPES.join(',')}
              hidden
              data-testid="chat-image-input"
              onChange={(e) => {
                void pick(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <Tooltip title={t('image.send')}>
              <Button
                type="text"
                icon={<PictureOutlined />}
                aria-label={t('image.send')}
                disabled={disabled}
                onClick={() => file.current?.click()}
              />
            </Tooltip>
          </>
        ) : null}
        <span className={styles.count}>
          {text.length}/{CHAT_TEXT_MAX}
        </span>
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={sending}
          disabled={disabled || text.trim().length === 0}
          onClick={() => void send()}
          data-testid="chat-send"
        >
          {t('send')}
        </Button>
      </div>
    </div>
  );
}
