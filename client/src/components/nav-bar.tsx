import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useSession } from '../api/session';
import { useLogout } from '../api/use-sign-in';
import { useTheme } from '../lib/theme';
import { site } from '../site';
import { LogoMark } from './logo';
import { navLinks } from './nav-links';
import './nav-bar.css';

export function NavBar() {
  const session = useSession();
  const [location] = useLocation();
  // The phone menu is open on the page it was opened on: a chosen link (a new location) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location;
  const { theme, choose } = useTheme();
  const logout = useLogout();

  return (
    <header className="site-header">
      <nav className="nav" aria-label="Main">
        <Link href="/" className="nav__brand">
          <LogoMark />
          <span className="nav__name">{site.name}</span>
        </Link>
        <button
          type="button"
          className="nav__toggle"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          onClick={() => setOpenOn(menuOpen ? null : location)}
        >
          <span className="nav__toggle-bars" aria-hidden="true" />
          Menu
        </button>
        <ul id="main-menu" className={`nav__links${menuOpen ? ' nav__links--open' : ''}`}>
          {navLinks(session).map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                className={`nav__link${link.href === '/login' ? ' nav__link--cta' : ''}`}
                aria-current={location === link.href ? 'page' : undefined}
              >
                {link.label}
              </Link>
            </li>
          ))}
          {session && (
            <li>
              <button type="button" className="nav__link nav__logout" onClick={logout}>
                LOG OUT
              </button>
            </li>
          )}
          <li className="nav__theme-item">
            <button
              type="button"
              className="nav__theme"
              aria-pressed={theme === 'dark'}
              onClick={() => choose(theme === 'dark' ? 'light' : 'dark')}
            >
              <span className="nav__theme-icon" aria-hidden="true">
                {theme === 'dark' ? '\u263E' : '\u2600'}
              </span>
              Dark theme
            </button>
          </li>
        </ul>
      </nav>
    </header>
  );
}
