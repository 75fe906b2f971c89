/**
 * The dashboards' chunks, loaded by their routes and also by the login page while the login
 * request is in flight: the browser has the code by the time the token arrives.
 */
export const loadGpDashboard = () => import('./pages/dashboard/gp-dashboard');
export const loadLpDashboard = () => import('./pages/dashboard/lp-dashboard');

/** Starts loading both dashboards' code (one shared chunk and two small ones); errors surface when the route loads. */
export function preloadDashboards(): void {
  loadGpDashboard().catch(() => undefined);
  loadLpDashboard().catch(() => undefined);
}
