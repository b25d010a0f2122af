import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Avatar, initialsOf } from './avatar';

afterEach(cleanup);

describe('Avatar', () => {
  it('shows the stored work photo at its small variant', () => {
    render(<Avatar user={{ name: 'Ana', lastName: 'García', profilePictureUrl: '/uploads/avatars/abc-1200.webp' }} />);
    const img = screen.getByTestId('avatar-photo') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/uploads/avatars/abc-300.webp');
    expect(img.getAttribute('alt')).toBe('');
    expect(screen.queryByTestId('avatar-initials')).toBeNull();
  });

  it('shows the initials when there is no photo', () => {
    render(<Avatar user={{ name: 'Ana', lastName: 'García', profilePictureUrl: null }} size="lg" />);
    expect(screen.getByTestId('avatar-initials').textContent).toBe('AG');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('falls back to the initials when the photo does not load', () => {
    render(<Avatar user={{ name: 'Sofía', lastName: null, profilePictureUrl: '/uploads/avatars/gone-1200.webp' }} />);
    fireEvent.error(screen.getByTestId('avatar-photo'));
    expect(screen.getByTestId('avatar-initials').textContent).toBe('S');
  });

  it('takes two initials from the name and last name, or from the first two words', () => {
    expect(initialsOf('Ana', 'García')).toBe('AG');
    expect(initialsOf('María José', null)).toBe('MJ');
    expect(initialsOf('élise', 'Ñúñez López')).toBe('ÉÑ');
  });
});
