import { Link } from 'wouter';
import { site } from '../site';
import { LogoMark } from './logo';
import './footer.css';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__brand">
          <LogoMark size={22} />
          <span>{site.name}</span>
        </p>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <Link href="/team">Team</Link>
            </li>
            <li>
              <Link href="/contact">Contact</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__note">
          © {new Date().getFullYear()} {site.name}. {site.description}
        </p>
      </div>
    </footer>
  );
}
