import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packAnswer, unpackAnswer } from './packed-answer';

describe('an answer packed for a shared store', () => {
  it('reads back as the very text stored, whatever its characters and length', async () => {
    await fc.assert(
      fc.asyncProperty(fc.json(), fc.string({ unit: 'grapheme' }), async (json, text) => {
        for (const stored of [json, JSON.stringify([{ name: text }])]) {
          expect(await unpackAnswer(await packAnswer(stored))).toBe(stored);
        }
      }),
    );
  });

  it('takes far fewer bytes than a search’s results as text', async () => {
    const results = Array.from({ length: 300 }, (_, i) => ({
      id: `r${i}`,
      price: { amount: 50_000 + i * 37, currency: 'CNY' },
      legs: [
        { from: { en: 'Beijing Capital', 'zh-CN': '北京首都' }, to: { en: 'Shanghai Hongqiao', 'zh-CN': '上海虹桥' } },
      ],
    }));
    const text = JSON.stringify(results);
    expect((await packAnswer(text)).length).toBeLessThan(Buffer.byteLength(text) / 5);
  });

  it('reads a text stored unpacked (by a process from before answers were packed) as it is', async () => {
    await fc.assert(
      fc.asyncProperty(fc.json(), async (json) => {
        expect(await unpackAnswer(Buffer.from(json))).toBe(json);
      }),
    );
  });
});
