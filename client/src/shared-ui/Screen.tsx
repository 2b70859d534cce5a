import type { ReactNode } from 'react';
import { NavBar, type NavBarProps } from './NavBar.tsx';

/** A screen: its NavBar and a scrolling body between it and the tab bar. */
export function Screen({
  nav,
  children,
  padded = true,
}: {
  nav: NavBarProps;
  children: ReactNode;
  padded?: boolean;
}) {
  return (
    <div className="screen">
      <NavBar {...nav} />
      <main className={`screen__body${padded ? ' screen__body--padded' : ''}`}>{children}</main>
    </div>
  );
}
