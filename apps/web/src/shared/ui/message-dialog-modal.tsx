import { Modal } from 'antd';

export type MessageModalProps = {
  open: boolean;
  title: string;
  okText: string;
  onOk: () => void;
  onCancel: () => void;
  closable: boolean;
  content: string | undefined;
  type: string;
};

/** The message dialog's window (see message-dialog.tsx), loaded the first time a message is shown. */
export function MessageModal({ open, title, okText, onOk, onCancel, closable, content, type }: MessageModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      onOk={onOk}
      onCancel={onCancel}
      cancelButtonProps={{ style: { display: 'none' } }}
      closable={closable}
      mask={{ closable: false }}
      centered
      width={420}
      data-testid="message-dialog"
    >
      <p data-message-type={type}>{content}</p>
    </Modal>
  );
}
