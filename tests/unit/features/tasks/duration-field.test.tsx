import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DurationField, parseSeconds } from '@/features/tasks/components/duration-field';

function Field() {
  const [value, setValue] = useState('');
  return <DurationField label="Время на ответ, сек" name="duration" value={value} onChange={setValue} />;
}

describe('DurationField', () => {
  it('shows the seconds as mm:ss beside the field, 00:00 while empty', () => {
    render(<Field />);
    const mmss = screen.getByTestId('duration-mmss');
    expect(mmss.textContent).toBe('00:00');
    fireEvent.input(screen.getByLabelText('Время на ответ, сек'), { target: { value: '125' } });
    expect(mmss.textContent).toBe('02:05');
    fireEvent.input(screen.getByLabelText('Время на ответ, сек'), { target: { value: '' } });
    expect(mmss.textContent).toBe('00:00');
  });

  it('reads an empty field as no value', () => {
    expect(parseSeconds('')).toBeUndefined();
    expect(parseSeconds('  ')).toBeUndefined();
    expect(parseSeconds('90')).toBe(90);
  });
});
