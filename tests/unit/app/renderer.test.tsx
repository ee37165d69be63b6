import Button from '@mui/material/Button';
import { render, screen } from '@testing-library/react';
import { version } from 'react';
import { describe, expect, it } from 'vitest';

// The app ships on Preact's renderer (vite.config.ts): the unit tests must draw with it too, MUI
// and Testing Library included, or they would prove another renderer's behaviour.
describe('the renderer under test', () => {
  it('is Preact, for MUI components drawn through Testing Library as for the app', () => {
    render(<Button>Сохранить</Button>);
    const button = screen.getByRole('button', { name: 'Сохранить' });
    // React's own renderer marks each node it draws with its fiber; Preact's compat layer
    // answers React's version as 19.0.0 (React itself is 19.3 here).
    expect(Object.keys(button).filter((key) => key.startsWith('__react'))).toEqual([]);
    expect(version).toBe('19.0.0');
  });
});
