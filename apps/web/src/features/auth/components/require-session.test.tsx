import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { sessionEndedQueryKey, sessionQueryKey } from '../api/get-session';
import { RequireSession } from './require-session';

// A protected page that finds the session gone sends the reader to /login, with the reason the session ended
// when the app has learned it (a deactivation noticed by another request), so /login says why whichever
// navigation lands last.

afterEach(cleanup);

function Here() {
  const location = useLocation();
  return <p data-testid="here">{location.pathname + location.search}</p>;
}

function renderAccount(ended?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(sessionQueryKey, null);
  if (ended) client.setQueryData(sessionEndedQueryKey, ended);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/account?tab=2']}>
        <Routes>
          <Route path="/login" element={<Here />} />
          <Route
            path="/account"
            element={
              <RequireSession>
                <p>account</p>
              </RequireSession>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('RequireSession', () => {
  it('sends a signed-out reader to /login, coming back to the page', () => {
    renderAccount();
    expect(screen.getByTestId('here').textContent).toBe('/login?returnTo=%2Faccount%3Ftab%3D2');
  });

  it('keeps the reason a session ended in use', () => {
    renderAccount('USER_INACTIVE');
    expect(screen.getByTestId('here').textContent).toBe('/login?error=USER_INACTIVE&returnTo=%2Faccount%3Ftab%3D2');
  });
});
