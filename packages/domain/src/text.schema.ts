import { z } from 'zod';
import type { LocalText } from './text';

/** A `LocalText` in an answer: a name or text in both languages of the site. */
export const localTextSchema = z.object({ en: z.string(), 'zh-CN': z.string() }) satisfies z.ZodType<LocalText>;
