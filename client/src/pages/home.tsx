import { Link } from 'wouter';
import { trpc } from '../api/trpc';
import { useDocumentTitle } from '../lib/use-document-title';
import { site } from '../site';
import './home.css';

export const PING_FAILED = 'Failed to connect to backend';

export function HomePage() {
  useDocumentTitle('');
  const ping = trpc.ping.useQuery(undefined, { retry: false });
  const status = ping.isPending ? 'Connecting…' : ping.isError ? PING_FAILED : ping.data.message;

  return (
    <div className="home">
      <img className="home__backdrop" src={site.home.backgroundImage} alt="" fetchPriority="high" />
      <section className="home__hero" aria-labelledby="home-title">
        <p className="home__eyebrow">{site.home.eyebrow}</p>
        <h1 id="home-title" className="home__title">
          {site.home.title}
        </h1>
        <p className="home__intro">{site.home.intro}</p>
        <div className="home__actions">
          <Link href="/team" className="button button--gold">
            Meet the Team
          </Link>
          <Link href="/contact" className="button button--outline-light">
            Contact Us
          </Link>
        </div>
        <p className={`home__status${ping.isError ? ' home__status--error' : ''}`} role="status">
          {status}
        </p>
      </section>
    </div>
  );
}
