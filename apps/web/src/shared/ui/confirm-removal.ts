import { App, type ButtonProps } from 'antd';
import { isHandledGlobally } from '../api/api-error';
import { useErrorText } from '../lib/error-text';

/** What is removed, in the words of the feature that removes it. */
export type Removal = {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  /** The confirming button's test id. */
  okTestId: string;
  /** Said once it is gone. */
  removed: string;
  remove: () => Promise<unknown>;
};

/**
 * Asks before something saved is removed, the confirming button in red; says when it is gone, and tells
 * a failure in a notice unless the site answers that failure everywhere (spec §8).
 */
export function useConfirmRemoval(): (removal: Removal) => void {
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  return (r) => {
    modal.confirm({
      title: r.title,
      content: r.content,
      okText: r.okText,
      cancelText: r.cancelText,
      okButtonProps: { danger: true, 'data-testid': r.okTestId } as ButtonProps,
      onOk: () =>
        r.remove().then(
          () => message.success(r.removed),
          (err: unknown) => {
            if (!isHandledGlobally(err)) message.error(errorText(err));
          },
        ),
    });
  };
}
