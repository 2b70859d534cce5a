import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../lib/reload.ts', () => ({ reloadPage: vi.fn() }));
// Test files share their modules (isolate: false): import the screen afresh so it takes the mock.
vi.resetModules();
const { logger } = await import('../lib/logger.ts');
const { reloadPage } = await import('../lib/reload.ts');
const { RouteErrorScreen } = await import('./RouteErrorScreen.tsx');
const { lazyScreen } = await import('./routes.tsx');

const chunkError = new TypeError('Failed to fetch dynamically imported module: /www/assets/Market.js');

function app(initial: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Outlet />,
        children: [
          { path: 'home', element: <p>home</p> },
          {
            path: 'market',
            lazy: lazyScreen(() => Promise.reject(chunkError)),
            ErrorBoundary: RouteErrorScreen,
          },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('a screen whose chunk fails to load', () => {
  it.each([
    ['on the first screen', '/market'],
    ['after a navigation', '/home'],
  ])('%s: shows the error with Retry, logs it, and Retry reloads', async (_when, start) => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = app(start);
    if (start !== '/market') {
      await screen.findByText('home');
      await router.navigate('/market');
    }
    expect((await screen.findByTestId('route-error')).textContent).toContain(
      'This screen could not be loaded.',
    );
    expect(screen.getByTestId('page-title').textContent).toBe('Something went wrong');
    await waitFor(() => expect(logged).toHaveBeenCalledWith('screen failed to load or render', chunkError));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reloadPage).toHaveBeenCalled();
  });

  it('shows not-found for a 404 route error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        {
          path: '/x',
          loader: () => {
            throw new Response('', { status: 404 });
          },
          ErrorBoundary: RouteErrorScreen,
        },
      ],
      { initialEntries: ['/x'] },
    );
    render(<RouterProvider router={router} />);
    expect((await screen.findByTestId('not-found')).textContent).toContain('This page does not exist.');
  });
});
