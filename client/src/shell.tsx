import { Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { Footer } from './components/footer';
import { NavBar } from './components/nav-bar';
import { AppRoutes } from './routes';

/** The frame around every page: skip link, navigation, the routed page, footer. */
export function Shell() {
  const [location] = useLocation();
  useEffect(() => {
    // Braces matter: newer browsers answer scrollTo with a promise, which React would take for a cleanup.
    window.scrollTo(0, 0);
  }, [location]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar />
      <main id="main" className="app__main" tabIndex={-1}>
        <Suspense fallback={<p className="page-loading">Loading...</p>}>
          <AppRoutes />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
