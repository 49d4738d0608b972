import { type DeskTicketField, deskTicket, type RailDeskTicket, SLEEPER_BUNKS } from '@junction/domain';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../../shared/ui/form-error';
import { deskPassengers, type RailDeskState } from '../../lib/use-rail-desk';
import styles from './rail-desk.module.css';

type Typed = { ticketNumber: string; coach: string; seat: string };
const BLANK: Typed = { ticketNumber: '', coach: '', seat: '' };

/**
 * The new ticket of a change, as the railway issued it: a ticket number, coach and seat for each traveller on
 * each new train, checked the railway's way before it is sent (the field that is wrong says so in the agent's
 * language), then confirmed.
 */
export function DeskCompleteDialog({ desk }: { desk: RailDeskState }) {
  const item = desk.completing;
  const { t } = useTranslation('chat');
  const { t: te } = useTranslation('errors');
  const [typed, setTyped] = useState<Record<string, Typed>>({});
  const [wrong, setWrong] = useState<Record<string, DeskTicketField>>({});
  const passengers = item ? deskPassengers(item) : [];
  const rows = (item?.trains ?? []).flatMap((train, i) =>
    passengers.map((p) => ({ id: `${train.legIndex ?? i}:${p.position}`, train, legIndex: train.legIndex ?? i, p })),
  );

  const set = (id: string, field: keyof Typed, value: string) => {
    setTyped((all) => ({ ...all, [id]: { ...(all[id] ?? BLANK), [field]: value } }));
    setWrong((all) => (all[id] === field ? Object.fromEntries(Object.entries(all).filter(([k]) => k !== id)) : all));
  };
  const submit = () => {
    const found: Record<string, DeskTicketField> = {};
    const tickets: RailDeskTicket[] = [];
    for (const row of rows) {
      const checked = deskTicket(typed[row.id] ?? BLANK, row.train.seatClass);
      if (checked.ok) tickets.push({ legIndex: row.legIndex, travellerPosition: row.p.position, ...checked.ticket });
      else found[row.id] = checked.field;
    }
    setWrong(found);
    if (Object.keys(found).length === 0) desk.complete(tickets);
  };
  const close = () => {
    setTyped({});
    setWrong({});
    desk.close();
  };
  const status = (id: string, field: DeskTicketField) => (wrong[id] === field ? 'error' : undefined);
  const help = (id: string, field: DeskTicketField) =>
    wrong[id] === field ? <span data-testid={`desk-wrong-${field}`}>{te(`field.${field}`)}</span> : undefined;

  return (
    <Modal
      open={item !== undefined}
      title={item ? t('desk.completeTitle', { train: item.trains.map((x) => x.number).join(' / ') }) : null}
      okText={t('desk.confirmComplete')}
      cancelText={t('desk.cancel')}
      okButtonProps={{ loading: desk.completeState.isPending, 'data-testid': 'desk-confirm-complete' } as never}
      onOk={submit}
      onCancel={close}
      width={600}
      afterClose={() => {
        setTyped({});
        setWrong({});
      }}
      destroyOnHidden
    >
      <p>{t('desk.completeHint')}</p>
      <Form layout="vertical" onFinish={submit} data-testid="desk-complete-form">
        {rows.map(({ id, train, p }) => {
          const sleeper = train.seatClass in SLEEPER_BUNKS;
          return (
            <fieldset key={id} className={styles.ticket} data-testid="desk-ticket">
              <p className={styles.ticketWho}>
                {[p.name, rows.length > passengers.length ? train.number : ''].filter(Boolean).join(' · ') ||
                  train.number}
              </p>
              <div className={styles.fields}>
                <Form.Item
                  label={t('desk.ticketNumber')}
                  validateStatus={status(id, 'ticketNumber')}
                  help={help(id, 'ticketNumber')}
                >
                  <Input
                    value={typed[id]?.ticketNumber ?? ''}
                    onChange={(e) => set(id, 'ticketNumber', e.target.value)}
                    autoComplete="off"
                    placeholder="E…"
                    data-testid="desk-ticket-number"
                  />
                </Form.Item>
                <Form.Item label={t('desk.coach')} validateStatus={status(id, 'coach')} help={help(id, 'coach')}>
                  <Input
                    value={typed[id]?.coach ?? ''}
                    onChange={(e) => set(id, 'coach', e.target.value)}
                    inputMode="numeric"
                    autoComplete="off"
                    data-testid="desk-coach"
                  />
                </Form.Item>
                <Form.Item
                  label={t(sleeper ? 'desk.berth' : 'desk.seat')}
                  validateStatus={status(id, 'seat')}
                  help={help(id, 'seat')}
                  extra={wrong[id] === 'seat' ? undefined : t(sleeper ? 'desk.berthHint' : 'desk.seatHint')}
                >
                  <Input
                    value={typed[id]?.seat ?? ''}
                    onChange={(e) => set(id, 'seat', e.target.value)}
                    autoComplete="off"
                    data-testid="desk-seat"
                  />
                </Form.Item>
              </div>
            </fieldset>
          );
        })}
        <FormError error={desk.completeState.error} />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
