import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { ToastHost } from '@/app/toast-host';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadArea } from '@/features/files/components/upload-area';

function renderArea() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <>
        <ToastHost />
        <UploadArea page={{ page: 0, pageSize: 10 }} />
      </>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('UploadArea', () => {
  it('does nothing on Сохранить while no file is chosen', () => {
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    renderArea();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(open).not.toHaveBeenCalled();
  });

  it('lists the chosen files, images and audio only', () => {
    renderArea();
    const input = screen.getByLabelText('Загрузите файлы', { selector: 'input' });
    fireEvent.change(input, {
      target: {
        files: [
          new File(['a'], 'картинка.png', { type: 'image/png' }),
          new File(['b'], 'речь.wav', { type: 'audio/wav' }),
          new File(['c'], 'документ.pdf', { type: 'application/pdf' }),
        ],
      },
    });
    const chosen = screen.getByRole('list', { name: 'Выбранные файлы' });
    expect(chosen.textContent).toContain('картинка.png');
    expect(chosen.textContent).toContain('речь.wav');
    expect(chosen.textContent).not.toContain('документ.pdf');
  });
});
