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
  /** A field of a ticket, named in the agent's language when it is wrong, else with its hint. */
  const field = (
    id: string,
    name: DeskTicketField,
    label: string,
    more: { hint?: string; placeholder?: string; inputMode?: 'numeric' } = {},
  ) => (
    <Form.Item
      label={label}
      validateStatus={wrong[id] === name ? 'error' : undefined}
      help={wrong[id] === name ? <span data-testid={`desk-wrong-${name}`}>{te(`field.${name}`)}</span> : undefined}
      extra={wrong[id] === name ? undefined : more.hint}
    >
      <Input
        value={typed[id]?.[name] ?? ''}
        onChange={(e) => set(id, name, e.target.value)}
        autoComplete="off"
        placeholder={more.placeholder}
        inputMode={more.inputMode}
        data-testid={name === 'ticketNumber' ? 'desk-ticket-number' : `desk-${name}`}
      />
    </Form.Item>
  );

  return (
    <Modal
      open={item !== undefined}
      title={item ? t('desk.completeTitle', { train: item.trains.map((x) => x.number).join(' / ') }) : null}
      okText={t('desk.confirmComplete')}
      cancelText={t('desk.cancel')}
      okButtonProps={{ loading: desk.completeState.isPending, 'data-testid': 'desk-confirm-complete' } as never}
      onOk={submit}
      onCancel={desk.close}
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
                {field(id, 'ticketNumber', t('desk.ticketNumber'), { placeholder: 'E…' })}
                {field(id, 'coach', t('desk.coach'), { inputMode: 'numeric' })}
                {field(id, 'seat', t(sleeper ? 'desk.berth' : 'desk.seat'), {
                  hint: t(sleeper ? 'desk.berthHint' : 'desk.seatHint'),
                })}
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
