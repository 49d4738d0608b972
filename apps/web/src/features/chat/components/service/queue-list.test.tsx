import { type QueueItem, refundFailedText } from '@junction/domain';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../testing/render-app';
import { QueueList } from './queue-list';

const item = (previewKind: QueueItem['previewKind'], preview: string | null): QueueItem => ({
  id: '00000000-0000-4000-8000-0000000000c1',
  status: 'waiting',
  createdAt: '2026-11-26T12:00:00+08:00',
  lastMessageAt: '2026-11-26T12:00:00+08:00',
  lastSeq: 1,
  agentName: null,
  travellerDeliveredSeq: 0,
  travellerReadSeq: 0,
  agentDeliveredSeq: 0,
  agentReadSeq: 0,
  outOfHours: false,
  unread: 0,
  traveller: { userId: '00000000-0000-4000-8000-0000000000d1', name: '张伟', mobileMasked: null, emailMasked: null },
  agentId: null,
  waitingSince: '2026-11-26T12:00:00+08:00',
  preview,
  previewKind,
});

function show(q: QueueItem, language: 'en' | 'zh-CN') {
  renderApp(
    [{ path: '/', element: <QueueList items={[q]} selected={null} onSelect={() => {}} empty="" testId="q" /> }],
    { language },
  );
}

describe('a conversation in the agents’ queue opened by a refund that failed', () => {
  it.each(['en', 'zh-CN'] as const)('is previewed by the matter in the agent’s language (%s)', async (language) => {
    const t = i18next.getFixedT(language, 'chat');
    const text = refundFailedText({ amountMinor: 12_300, last4: '', channel: 'alipay', orderNumber: 'JN2611260001' });
    show(item('refundFailed', text), language);
    const preview = (await screen.findByTestId('queue-preview')).textContent ?? '';
    expect(preview).not.toBe('');
    expect(preview).toContain('JN2611260001');
    expect(preview).toContain('123');
    expect(preview.startsWith(t('service.previewRefundFailedOrder').slice(0, 4))).toBe(true);
  });

  it.each(['en', 'zh-CN'] as const)('is previewed for a top-up’s refund without an order (%s)', async (language) => {
    show(item('refundFailed', refundFailedText({ amountMinor: 8_800, last4: '3184' })), language);
    const preview = (await screen.findByTestId('queue-preview')).textContent ?? '';
    expect(preview).toContain('88');
    expect(preview).toContain(language === 'en' ? 'Refund failed' : '退款失败');
  });
});
