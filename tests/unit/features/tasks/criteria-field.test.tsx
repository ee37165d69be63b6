import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  CriteriaField,
  criteriaOf,
  criterionDrafts,
  type CriterionDraft,
} from '@/features/tasks/components/criteria-field';

let latest: CriterionDraft[] = [];

/** Holds the field's value as a form would; `latest` is the value after the last change. */
function Harness({ initial }: { initial: CriterionDraft[] }) {
  const [value, setValue] = useState(initial);
  return (
    <CriteriaField
      value={value}
      onChange={(next) => {
        latest = next;
        setValue(next);
      }}
    />
  );
}

describe('CriteriaField', () => {
  it('adds, renames, reorders and removes criteria; the form sends names and whole maxima', () => {
    latest = criterionDrafts([{ name: 'Решение задачи', maxPoints: 3 }]);
    render(<Harness initial={latest} />);
    fireEvent.click(screen.getByRole('button', { name: 'Добавить критерий' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Критерий 2' }), {
      target: { value: 'Произношение' },
    });
    fireEvent.input(screen.getAllByRole('spinbutton', { name: 'Макс. баллов' })[1], {
      target: { value: '2' },
    });
    expect(criteriaOf(latest)).toEqual([
      { name: 'Решение задачи', maxPoints: 3 },
      { name: 'Произношение', maxPoints: 2 },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Поднять критерий 2' }));
    expect(criteriaOf(latest).map((c) => c.name)).toEqual(['Произношение', 'Решение задачи']);
    expect(screen.getByRole('button', { name: 'Поднять критерий 1' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Удалить критерий 1' }));
    expect(criteriaOf(latest)).toEqual([{ name: 'Решение задачи', maxPoints: 3 }]);
  }, 20_000);

  it('stops at ten criteria and says what a task without any means', () => {
    latest = [];
    render(<Harness initial={latest} />);
    expect(screen.getByText(/не оцениваются баллами/)).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Добавить критерий' });
    for (let i = 0; i < 10; i++) fireEvent.click(add);
    expect(latest).toHaveLength(10);
    expect(add).toHaveProperty('disabled', true);
  });

  it('sends an empty maximum as no value, so the server names the field', () => {
    expect(criteriaOf([{ key: 'k', name: 'К', maxPoints: ' ' }])).toEqual([
      { name: 'К', maxPoints: undefined },
    ]);
  });
});
