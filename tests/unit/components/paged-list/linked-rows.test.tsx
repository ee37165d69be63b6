import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LinkedRows } from '@/components/paged-list/linked-rows';
import { RECORDING_ROW } from '@/components/paged-list/recording-rows';

/** Renders `ui` as the only screen of a memory router, as links need one. */
async function renderWithRouter(ui: ReactNode) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  return screen.findByRole('list');
}

const rows = [
  { id: 1, name: 'Первое' },
  { id: 2, name: 'Второе' },
];

describe('LinkedRows', () => {
  it('links each row to its page by name, and deletes from the row', async () => {
    const onDelete = vi.fn();
    const list = await renderWithRouter(
      <LinkedRows
        label="Задания"
        items={rows}
        rowTestId="task-row"
        link={(row) => ({ to: '/teacher/tasks/$id', params: { id: row.id } })}
        secondary={(row) => `№${row.id}`}
        onDelete={onDelete}
        deleteDisabled={(row) => row.id === 2}
      />,
    );
    expect(list.getAttribute('aria-label')).toBe('Задания');
    expect(screen.getAllByTestId('task-row')).toHaveLength(2);
    expect(
      within(list)
        .getByRole('link', { name: /Первое/ })
        .getAttribute('href'),
    ).toBe('/teacher/tasks/1');
    expect(within(list).getByRole('link', { name: /Второе/ }).textContent).toContain('№2');
    expect(within(list).getByRole('button', { name: 'Удалить Второе' })).toHaveProperty('disabled', true);
    fireEvent.click(within(list).getByRole('button', { name: 'Удалить Первое' }));
    expect(onDelete).toHaveBeenCalledWith(rows[0]);
  });

  it('has no delete button without onDelete', async () => {
    const list = await renderWithRouter(
      <LinkedRows
        label="Экзамены"
        items={rows}
        link={(row) => ({ to: '/student/exams/$id', params: { id: String(row.id) } })}
      />,
    );
    expect(within(list).queryAllByRole('button')).toHaveLength(0);
    expect(within(list).getAllByRole('link')).toHaveLength(2);
  });
});

describe('RECORDING_ROW', () => {
  it('links each recording with its attempt and length, marks only the checked ones and shows the total of a graded one', async () => {
    const list = await renderWithRouter(
      <LinkedRows
        label="Аудиозаписи"
        items={[
          {
            id: 7,
            name: 'Проверенная',
            date: '2024-05-01T10:00:00.000Z',
            checked: true,
            total: 5,
            maxTotal: 6,
            attempt: 1,
            duration: 125,
          },
          {
            id: 8,
            name: 'Новая',
            date: '2024-05-02T10:00:00.000Z',
            checked: false,
            total: null,
            maxTotal: null,
            attempt: 2,
            duration: 61,
          },
        ]}
        link={(a) => ({ to: '/student/audios/$id', params: { id: String(a.id) } })}
        {...RECORDING_ROW}
      />,
    );
    const checked = within(list).getByRole('link', { name: /Проверенная/ });
    expect(checked.getAttribute('href')).toBe('/student/audios/7');
    expect(checked.textContent).toContain('Проверено');
    expect(checked.textContent).toContain('Баллы: 5 из 6');
    // What tells two attempts of one exam apart: the attempt and the length beside the date.
    expect(checked.textContent).toMatch(/Попытка 1 · 2024\.05\.01 \d\d:\d\d · 02:05/);
    const fresh = within(list).getByRole('link', { name: /Новая/ }).textContent;
    expect(fresh).toMatch(/Попытка 2 · 2024\.05\.0[23] \d\d:\d\d · 01:01/);
    expect(fresh).not.toContain('Проверено');
    expect(fresh).not.toContain('Баллы');
  });
});
