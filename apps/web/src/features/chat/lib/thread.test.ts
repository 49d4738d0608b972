import type { ChatMessage } from '@junction/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contiguousSeq, emptyThread, leavesGap, mergeMessages } from './thread';

const C = '11111111-1111-4111-8111-111111111111';
const message = (seq: number, conversationId = C): ChatMessage => ({
  conversationId,
  seq,
  sender: 'agent',
  senderName: 'Lin',
  kind: 'text',
  text: `m${seq}`,
  imageId: null,
  order: null,
  event: null,
  clientId: null,
  createdAt: '2026-11-26T04:00:00.000Z',
});

describe('a thread of messages', () => {
  it('keeps each message once and in order, however often and in whatever order they arrive', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 60 }), (seqs) => {
        const thread = seqs.reduce((t, s) => mergeMessages(t, [message(s)]), emptyThread(C));
        const unique = [...new Set(seqs)].sort((a, b) => a - b);
        expect(thread.messages.map((m) => m.seq)).toEqual(unique);
        // What a resume asks for: everything after the last message with none missing before it.
        let expected = 0;
        while (unique.includes(expected + 1)) expected++;
        expect(contiguousSeq(thread)).toBe(expected);
      }),
    );
  });

  it('ignores other conversations and sees a gap when a push skips a message', () => {
    const t = mergeMessages(emptyThread(C), [
      message(1),
      message(2),
      message(1, '22222222-2222-4222-8222-222222222222'),
    ]);
    expect(t.messages).toHaveLength(2);
    expect(leavesGap(t, message(3))).toBe(false);
    expect(leavesGap(t, message(5))).toBe(true);
    expect(mergeMessages(t, [message(2)])).toBe(t);
  });
});
