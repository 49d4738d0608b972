import type { Language } from '@junction/domain';
import type { Db } from '../../../db/database';

/** A kept itinerary PDF: the version of the order it shows and its bytes. */
export type KeptPdf = { version: string; body: Buffer };

/** The itinerary PDFs kept in PostgreSQL, one per order and language, so any process serves them. */
export class ItineraryRepository {
  constructor(private readonly db: Db) {}

  async keptPdf(orderId: string, language: Language): Promise<KeptPdf | undefined> {
    return this.db
      .selectFrom('itineraryPdfs')
      .select(['version', 'body'])
      .where('orderId', '=', orderId)
      .where('language', '=', language)
      .executeTakeFirst();
  }

  /**
   * Keeps the PDF of this version in place of an older one and answers the one kept: a process that drew
   * the same version at the same moment finds the other's copy kept and serves that, so every download of
   * a version is the same file.
   */
  async keepPdf(orderId: string, language: Language, pdf: KeptPdf, at: Date): Promise<Buffer> {
    const stored = await this.db
      .insertInto('itineraryPdfs')
      .values({ orderId, language, version: pdf.version, body: pdf.body, drawnAt: at })
      .onConflict((oc) =>
        oc
          .columns(['orderId', 'language'])
          .doUpdateSet((eb) => ({
            version: eb.ref('excluded.version'),
            body: eb.ref('excluded.body'),
            drawnAt: eb.ref('excluded.drawnAt'),
          }))
          .where('itineraryPdfs.version', '<>', pdf.version),
      )
      .returning('body')
      .executeTakeFirst();
    if (stored) return stored.body;
    const kept = await this.keptPdf(orderId, language);
    return kept?.version === pdf.version ? kept.body : pdf.body;
  }
}
