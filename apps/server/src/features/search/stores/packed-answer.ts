import { promisify } from 'node:util';
import { constants, deflate, inflate } from 'node:zlib';

const deflated = promisify(deflate);
const inflated = promisify(inflate);

/**
 * A supplier's answer as a shared store keeps it: its JSON (`answerJson`) deflated (zlib, the fastest level),
 * in the thread pool rather than the thread answering requests. A search's answers, about 800 kB of JSON, take
 * 30–65 kB: a store writes and keeps a twelfth of the bytes, and a process reading one back inflates it in
 * about a millisecond.
 */
export const packAnswer = (json: Buffer): Promise<Buffer> => deflated(json, { level: constants.Z_BEST_SPEED });

/**
 * The JSON of a packed answer (`packAnswer`). A value stored as plain text (by a process from before answers
 * were packed) is read as it is: a zlib stream begins with 0x78, which no JSON text does.
 */
export async function unpackAnswer(stored: Buffer): Promise<Buffer> {
  return isPacked(stored) ? await inflated(stored) : stored;
}

const isPacked = (stored: Buffer): boolean => stored[0] === 0x78;
