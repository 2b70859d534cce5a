import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { NavBar, type NavBarProps } from './NavBar.tsx';

function renderAt(props: NavBarProps, entries = ['/home', '/here']) {
  const router = createMemoryRouter(
    [
      { path: '/here', element: <NavBar {...props} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('NavBar', () => {
  it('shows the title as the page heading and in the document title', () => {
    renderAt({ title: 'Settings' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Settings');
    expect(screen.getByTestId('page-title').textContent).toBe('Settings');
    expect(document.title).toBe('Settings · Bourse');
  });

  it('falls back to a translated placeholder title', () => {
    renderAt({});
    expect(screen.getByTestId('page-title').textContent).toBe('Bourse');
  });

  it('has a back button by default that goes back in history', async () => {
    const router = renderAt({ title: 'x' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/home');
  });

  it('goes home when there is no history to go back to', async () => {
    const router = renderAt({ title: 'x' }, ['/here']);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/home');
  });

  it('can hide the back button or replace its action', async () => {
    const onBack = vi.fn();
    renderAt({ title: 'x', onBack });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledOnce();
    renderAt({ title: 'y', showBack: false });
    expect(screen.getAllByRole('button', { name: 'Back' })).toHaveLength(1);
  });

  it('renders the left and right slots and fires onRightClick', async () => {
    const onRightClick = vi.fn();
    renderAt({
      title: 'x',
      left: <span>left slot</span>,
      right: <span>edit</span>,
      onRightClick,
      rightLabel: 'Edit',
    });
    expect(screen.getByText('left slot')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(onRightClick).toHaveBeenCalledOnce();
  });

  it('renders a right slot without a handler as plain content', () => {
    renderAt({ title: 'x', right: <span>info</span> });
    expect(screen.getByText('info').closest('button')).toBeNull();
  });
});
