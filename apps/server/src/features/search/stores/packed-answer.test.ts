import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packAnswer, unpackAnswer } from './packed-answer';

describe('an answer packed for a shared store', () => {
  it('reads back as the very bytes stored, whatever their characters and length', async () => {
    await fc.assert(
      fc.asyncProperty(fc.json(), fc.string({ unit: 'grapheme' }), async (json, text) => {
        for (const stored of [json, JSON.stringify([{ name: text }])].map((t) => Buffer.from(t))) {
          expect((await unpackAnswer(await packAnswer(stored))).equals(stored)).toBe(true);
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
    const json = Buffer.from(JSON.stringify(results));
    expect((await packAnswer(json)).length).toBeLessThan(json.length / 5);
  });

  it('reads a text stored unpacked (by a process from before answers were packed) as it is', async () => {
    await fc.assert(
      fc.asyncProperty(fc.json(), async (json) => {
        expect((await unpackAnswer(Buffer.from(json))).toString('utf8')).toBe(json);
      }),
    );
  });
});
