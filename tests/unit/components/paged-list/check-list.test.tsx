import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CheckList } from '@/components/paged-list/check-list';

const TASKS = [
  { id: 1, name: 'Первое' },
  { id: 2, name: 'Второе' },
  { id: 3, name: 'Третье' },
];

/** A picker where the order of picking matters, as the variant's task picker uses it. */
function OrderedPicker() {
  const [picked, setPicked] = useState<number[]>([]);
  const place = (t: { id: number }) => {
    const i = picked.indexOf(t.id);
    return i < 0 ? null : i + 1;
  };
  return (
    <CheckList
      label="Задания"
      items={TASKS}
      itemKey={(t) => t.id}
      itemLabel={(t) => t.name}
      isChecked={(t) => picked.includes(t.id)}
      onToggle={(t, checked) => setPicked((p) => (checked ? [...p, t.id] : p.filter((id) => id !== t.id)))}
      order={place}
    />
  );
}

const orderOf = (name: string) => {
  const item = screen.getByRole('checkbox', { name }).closest('[data-testid="check-item"]') as HTMLElement;
  return within(item).queryByTestId('pick-order')?.textContent ?? null;
};

describe('CheckList', () => {
  it('numbers the picked items in the order of picking and renumbers on unpicking', () => {
    render(<OrderedPicker />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Третье' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Первое' }));
    // The label toggles too.
    fireEvent.click(screen.getByText('Второе'));
    expect([orderOf('Первое'), orderOf('Второе'), orderOf('Третье')]).toEqual(['2', '3', '1']);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Третье' }));
    expect([orderOf('Первое'), orderOf('Второе'), orderOf('Третье')]).toEqual(['1', '2', null]);
    expect((screen.getByRole('checkbox', { name: 'Третье' }) as HTMLInputElement).checked).toBe(false);
  });
});
