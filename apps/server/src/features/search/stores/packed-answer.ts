import { promisify } from 'node:util';
import { constants, deflate, inflate } from 'node:zlib';

const deflated = promisify(deflate);
const inflated = promisify(inflate);

/**
 * A supplier's answer as a shared store keeps it: its text deflated (zlib, the fastest level), in the
 * thread pool rather than the thread answering requests. A search's answers, about 800 kB of JSON, take
 * 30–65 kB: a store writes and keeps a twelfth of the bytes, and a process reading one back inflates it in
 * about a millisecond.
 */
export const packAnswer = (text: string): Promise<Buffer> => deflated(text, { level: constants.Z_BEST_SPEED });

/**
 * The text of a packed answer (`packAnswer`). A value stored as plain text (by a process from before answers
 * were packed) is read as it is: a zlib stream begins with 0x78, which no JSON text does.
 */
export async function unpackAnswer(stored: Buffer): Promise<string> {
  return isPacked(stored) ? (await inflated(stored)).toString('utf8') : stored.toString('utf8');
}

const isPacked = (stored: Buffer): boolean => stored[0] === 0x78;
