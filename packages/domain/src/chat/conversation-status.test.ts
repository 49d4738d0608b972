import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONVERSATION_ACTIONS,
  type ConversationStatus,
  nextConversationStatus,
  serviceStatusOf,
} from './conversation-status';

describe('conversation statuses', () => {
  it('takes waiting ones, transfers active ones and closes either', () => {
    expect(nextConversationStatus('waiting', 'take')).toBe('active');
    expect(nextConversationStatus('active', 'take')).toBeNull();
    expect(nextConversationStatus('waiting', 'transfer')).toBeNull();
    expect(nextConversationStatus('active', 'transfer')).toBe('active');
    expect(nextConversationStatus('waiting', 'close')).toBe('closed');
  });

  it('for any run of actions: closed is final, and nothing ever leads back to waiting', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CONVERSATION_ACTIONS), { maxLength: 30 }), (actions) => {
        let status: ConversationStatus = 'waiting';
        let closed = false;
        for (const action of actions) {
          const next = nextConversationStatus(status, action);
          if (closed) expect(next).toBeNull();
          if (next === null) continue;
          expect(next).not.toBe('waiting');
          status = next;
          if (status === 'closed') closed = true;
        }
      }),
    );
  });

  it('maps the widget report to the entry status of spec §4', () => {
    expect(serviceStatusOf(null)).toBe('init');
    expect(serviceStatusOf('pending')).toBe('pending');
    expect(serviceStatusOf('success')).toBe('init');
    expect(serviceStatusOf('failed')).toBe('failed');
  });
});
