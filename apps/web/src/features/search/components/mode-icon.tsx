/** Pictograms for the transport leg kinds of spec §3 (air, rail, metro, taxi), and a door-to-door plan. */
export type Mode = 'air' | 'train' | 'subway' | 'taxi' | 'door';

const PATHS: Record<Mode, string> = {
  air: 'M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z',
  train:
    'M12 2C8 2 4 2.5 4 6v9.5A3.5 3.5 0 0 0 7.5 19L6 20.5v.5h2.2l2-2h3.6l2 2H18v-.5L16.5 19a3.5 3.5 0 0 0 3.5-3.5V6c0-3.5-4-4-8-4zM7.5 17a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3zm3.5-7H6V6h5zm2 0V6h5v4zm3.5 7a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3z',
  subway: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm5 15h-2.2v-6.2L12.6 15h-1.2l-2.2-4.2V17H7V7h2.3l2.7 5.3L14.7 7H17z',
  door: 'M10 20v-6h4v6h5v-8h3L12 3 2 12h3v8z',
  taxi: 'M18.9 6c-.2-.6-.8-1-1.4-1H15V3H9v2H6.5c-.7 0-1.2.4-1.4 1L3 12v8a1 1 0 0 0 1 1h1a1 1 0 0 0 1-1v-1h12v1a1 1 0 0 0 1 1h1a1 1 0 0 0 1-1v-8zM6.5 16a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3zm11 0a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3zM5 11l1.5-4.5h11L19 11z',
};

const isMode = (value: string): value is Mode => value in PATHS;

export function ModeIcon({ mode }: { mode: string }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={PATHS[isMode(mode) ? mode : 'train']} />
    </svg>
  );
}
