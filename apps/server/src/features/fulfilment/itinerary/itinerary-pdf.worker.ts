// A worker thread of the itinerary PDF pool: draws one itinerary at a time off the main thread, which
// answers the other requests meanwhile. The PDF is the same as drawn anywhere (`itineraryPdf`).
import { parentPort } from 'node:worker_threads';
import type { Language } from '@junction/domain';
import type { WorkerAnswer, WorkerJob } from '../../../lib/worker-pool';
import { itineraryPdf } from './itinerary-pdf';
import { ITINERARY_TEXTS } from './itinerary-text';
import type { ItineraryView } from './itinerary-view';

export type PdfJob = { view: ItineraryView; language: Language; now: Date };

parentPort?.on('message', ({ id, payload }: WorkerJob<PdfJob>) => {
  const { view, language, now } = payload;
  itineraryPdf(view, ITINERARY_TEXTS[language], language, now).then(
    (pdf) => {
      // A copy of its own, whose memory then moves to the main thread rather than being copied again.
      const bytes = new Uint8Array(pdf);
      parentPort?.postMessage({ id, result: bytes } satisfies WorkerAnswer<Uint8Array>, [bytes.buffer]);
    },
    (e: unknown) => parentPort?.postMessage({ id, error: String(e) } satisfies WorkerAnswer<Uint8Array>),
  );
});
parentPort?.postMessage({ id: 0 } satisfies WorkerAnswer<Uint8Array>);
