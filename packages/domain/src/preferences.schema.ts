import { z } from 'zod';
import { CURRENCIES, LANGUAGES } from './preferences';

export const languageSchema = z.enum(LANGUAGES);
export const currencySchema = z.enum(CURRENCIES);
