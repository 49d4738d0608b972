import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { ChangeTravellers } from './change-travellers';

const travellers = [
  { position: 0, name: '张伟', refunded: false },
  { position: 1, name: '李娜', refunded: false },
  { position: 2, name: 'Anna Smith', refunded: false },
];

function Picker({ seen, people = travellers }: { seen: number[][]; people?: typeof travellers }) {
  const [value, setValue] = useState(people.filter((x) => !x.refunded).map((x) => x.position));
  return (
    <ChangeTravellers
      travellers={people}
      value={value}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
    />
  );
}

const box = (position: number) =>
  screen
    .getAllByTestId('change-traveller')
    .find((x) => x.getAttribute('data-position') === String(position)) as HTMLInputElement;

describe('choosing who changes a train ticket', () => {
  it.each(['en', 'zh-CN'] as const)(
    'ticks everyone by name at first and keeps the last one ticked (%s)',
    (language) => {
      const seen: number[][] = [];
      renderApp([{ path: '/', element: <Picker seen={seen} /> }], { language });
      expect(screen.getByTestId('change-travellers').textContent).toContain('李娜');
      expect([0, 1, 2].map((p) => box(p).checked)).toEqual([true, true, true]);
      fireEvent.click(box(1));
      fireEvent.click(box(0));
      expect(seen).toEqual([[0, 2], [2]]);
      fireEvent.click(box(2));
      expect(seen).toHaveLength(2);
      expect([0, 1, 2].map((p) => box(p).checked)).toEqual([false, false, true]);
      fireEvent.click(box(1));
      expect(seen.at(-1)).toEqual([1, 2]);
    },
  );

  it.each([
    ['en', 'Ticket refunded'],
    ['zh-CN', '车票已退'],
  ] as const)(
    'shows a traveller whose ticket was refunded unticked, not to be ticked, and why (%s)',
    (language, why) => {
      const seen: number[][] = [];
      const people = travellers.map((x) => ({ ...x, refunded: x.position === 0 }));
      renderApp([{ path: '/', element: <Picker seen={seen} people={people} /> }], { language });
      expect([0, 1, 2].map((p) => [box(p).checked, box(p).disabled])).toEqual([
        [false, true],
        [true, false],
        [true, false],
      ]);
      expect(screen.getByTestId('change-travellers').textContent).toContain(why);
      fireEvent.click(box(0));
      expect(seen).toEqual([]);
      fireEvent.click(box(1));
      fireEvent.click(box(2));
      expect(seen).toEqual([[2]]);
    },
  );
});
