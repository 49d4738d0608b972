import type { NameRequirement, Passenger } from '@junction/domain';
import { App, type ButtonProps, Modal } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { PassengerForm } from './passenger-form';

export type PassengerFormModalProps = {
  open: boolean;
  /** The traveller to edit; a new one without. */
  passenger?: Passenger;
  nameRequirement?: NameRequirement;
  railContact?: 'mobile' | 'mobileOrEmail';
  onClose: () => void;
  onSaved: (passenger: Passenger) => void;
};

/**
 * The traveller form in a dialog. With unsaved edits, closing it or leaving the page first asks
 * (spec §8: "leaving the page may lose changes"); so does reloading or closing the tab.
 */
export function PassengerFormModal({
  open,
  passenger,
  nameRequirement,
  railContact,
  onClose,
  onSaved,
}: PassengerFormModalProps) {
  const { t } = useTranslation('passengers');
  const { modal } = App.useApp();
  const [dirty, setDirty] = useState(false);
  const asking = useRef(false);
  const blocker = useBlocker(open && dirty);

  const confirmLeave = useCallback(
    (leave: () => void, stay: () => void = () => {}) => {
      if (asking.current) return;
      asking.current = true;
      modal.confirm({
        title: t('leave.title'),
        content: t('leave.content'),
        okText: t('leave.ok'),
        cancelText: t('leave.cancel'),
        okButtonProps: { danger: true, 'data-testid': 'leave-confirm' } as ButtonProps,
        onOk: () => {
          asking.current = false;
          setDirty(false);
          leave();
        },
        onCancel: () => {
          asking.current = false;
          stay();
        },
      });
    },
    [modal, t],
  );

  useEffect(() => {
    if (blocker.state === 'blocked')
      confirmLeave(
        () => blocker.proceed(),
        () => blocker.reset(),
      );
  }, [blocker, confirmLeave]);

  useEffect(() => {
    if (!open || !dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [open, dirty]);

  const close = () => (dirty ? confirmLeave(onClose) : onClose());

  return (
    <Modal
      open={open}
      title={passenger ? t('form.editTitle') : t('form.addTitle')}
      onCancel={close}
      footer={null}
      width={800}
      destroyOnHidden
      mask={{ closable: false }}
      centered
      data-testid="passenger-modal"
    >
      <PassengerForm
        passenger={passenger}
        nameRequirement={nameRequirement}
        railContact={railContact}
        onCancel={close}
        onSaved={(p) => {
          setDirty(false);
          onSaved(p);
        }}
        onDirtyChange={setDirty}
      />
    </Modal>
  );
}
