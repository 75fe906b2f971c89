import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/router';

type Outputs = inferRouterOutputs<AppRouter>['portfolio']['capital'];
export type CapitalAccount = Outputs['account'];
export type CapitalAccounts = Outputs['accounts'];
export type AccountFigures = CapitalAccount['figures'];
export type CapitalEntry = CapitalAccount['entries'][number];
export type ProvisionalState = CapitalAccount['provisional'];
