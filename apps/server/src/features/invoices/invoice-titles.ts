import {
  AppError,
  type InvoiceTitleInput,
  type InvoiceTitleKind,
  isCreditCode,
  normalizeCreditCode,
  type SavedInvoiceTitle,
} from '@junction/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { InvoicesRepository, TitleRow } from './invoices.repository';

/** The most titles one account keeps. */
export const MAX_TITLES = 20;

export type CheckedTitle = { kind: InvoiceTitleKind; name: string; creditCode: string | null };

/** A title as typed, checked: a company's credit code normalised and held to its checksum (8001); a person has none. */
export function checkedTitle(input: InvoiceTitleInput): CheckedTitle {
  const name = input.name.trim();
  if (input.kind === 'personal') return { kind: 'personal', name, creditCode: null };
  const code = normalizeCreditCode(input.creditCode ?? '');
  if (!isCreditCode(code)) throw new AppError('INVOICE_CREDIT_CODE_INVALID');
  return { kind: 'company', name, creditCode: code };
}

const view = (r: TitleRow): SavedInvoiceTitle => ({ id: r.id, kind: r.kind, name: r.name, creditCode: r.creditCode });

/** The invoice titles an account keeps for next time (spec: saved titles in the account). */
export class InvoiceTitles {
  constructor(
    private readonly repo: InvoicesRepository,
    private readonly now: () => Date,
  ) {}

  async list(userId: string): Promise<{ items: SavedInvoiceTitle[] }> {
    return { items: (await this.repo.titles(userId)).map(view) };
  }

  async save(userId: string, input: InvoiceTitleInput): Promise<SavedInvoiceTitle> {
    const title = checkedTitle(input);
    if ((await this.repo.countTitles(userId)) >= MAX_TITLES) throw new AppError('INVOICE_TITLES_FULL');
    const row = await this.repo.saveTitle(this.repo.db, { userId, ...title, at: this.now() });
    if (!row) throw new AppError('TRY_AGAIN_LATER');
    return view(row);
  }

  /** Keeps a title used for a request, in its transaction, unless the account is full (the request still goes). */
  async keep(db: Kysely<Database>, userId: string, title: CheckedTitle, at: Date): Promise<void> {
    if ((await this.repo.countTitles(userId)) >= MAX_TITLES) return;
    await this.repo.saveTitle(db, { userId, ...title, at });
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.repo.removeTitle(userId, id))) throw new AppError('NOT_FOUND');
  }
}
