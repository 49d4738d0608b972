import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { ChangeTravellers } from './change-travellers';

const travellers = [
  { position: 0, name: '张伟' },
  { position: 1, name: '李娜' },
  { position: 2, name: 'Anna Smith' },
];

function Picker({ seen }: { seen: number[][] }) {
  const [value, setValue] = useState([0, 1, 2]);
  return (
    <ChangeTravellers
      travellers={travellers}
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
});
