import { describe, expect, it } from 'vitest';
import { appRouter } from '../src/routers';

// At run time tRPC keeps every procedure in one flat record by its dotted path.
const paths = Object.keys(appRouter._def.procedures);

describe('the app router', () => {
  it('keeps the routers the product is known by (the six, and the documents of docs/decisions/0020), and ping', () => {
    expect([...new Set(paths.map((p) => p.split('.')[0]))].sort()).toEqual([
      'admin',
      'ai',
      'assets',
      'auth',
      'contact',
      'documents',
      'ping',
      'portfolio',
    ]);
  });

  it('gives each feature its sub-router', () => {
    const features = [...new Set(paths.filter((p) => p.split('.').length > 2).map((p) => p.split('.').slice(0, 2).join('.')))].sort();
    expect(features).toEqual([
      'admin.invites',
      'admin.users',
      'assets.realEstate',
      'assets.venture',
      'auth.documentMail',
      'auth.passkeys',
      'auth.passwordReset',
      'auth.profile',
      'auth.secondFactor',
      'auth.sessions',
      'portfolio.activity',
      'portfolio.balances',
      'portfolio.capital',
      'portfolio.corporateActions',
      'portfolio.exports',
      'portfolio.holdings',
      'portfolio.imports',
      'portfolio.market',
      'portfolio.officialNav',
      'portfolio.reconciliation',
    ]);
  });
});
